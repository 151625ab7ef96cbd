import type { Context } from "../../../common/context.js";
import { notFound } from "../../../common/errors.js";
import { fromGlobalId, isUuid } from "../../../common/global-id.js";
import { scopeMissingError } from "../../../common/auth/app-scope.js";
import { hasScope } from "../../../common/auth/principal.js";
import { newId } from "../../../common/uuid.js";
import type { AppRow } from "../apps.store.js";
import { appIdOf } from "../apps.service.js";
import { partnerError, partnerForbidden } from "../partners.errors.js";
import { isAppOwner, isPartnerStaff } from "../partners.policy.js";
import { baselineSql } from "./changes.js";

export type WebhookEvent = "village.changed" | "tree.changed";

export interface WebhookRow {
  id: string;
  app_id: string;
  event: WebhookEvent;
  village_id: string | null;
  account_id: string | null;
  created_at: Date;
}

export interface DeliveryRow {
  id: string;
  event: WebhookEvent;
  /** The member whose tree changed, or the village (the event says which). */
  target_id: string;
  occurred_at: Date;
  state: "pending" | "delivered" | "failed";
  attempts: number;
  next_attempt_at: Date;
  last_status: number | null;
  last_error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

/** Subscriptions one app may hold. */
const MAX_WEBHOOKS_PER_APP = 1000;

/**
 * An app subscribes to a village's page (`public:read`) or, acting for a member with `tree:read`,
 * to that member's tree. It needs a webhook URL. Subscribing twice returns the first subscription.
 */
export async function subscribeWebhook(ctx: Context, event: WebhookEvent, villageId: string | null): Promise<WebhookRow> {
  const who = ctx.principal;
  if (who.kind !== "app") throw partnerForbidden("partners.errors.apps_only");
  const target: { villageId?: string; accountId?: string } = {};
  if (event === "village.changed") {
    if (!hasScope(who, "public:read")) throw scopeMissingError("subscribeWebhook", "public:read");
    const g = villageId ? fromGlobalId(villageId) : null;
    const [village]: { id: string }[] =
      g?.type === "Village" && isUuid(g.id) ? await ctx.ds.query(`SELECT id FROM villages WHERE id = $1`, [g.id]) : [];
    if (!village) throw notFound();
    target.villageId = village.id;
  } else {
    if (villageId) throw partnerError("partners.errors.webhook_target", "villageId");
    if (!who.app.accountId || !hasScope(who, "tree:read")) throw scopeMissingError("subscribeWebhook", "tree:read");
    target.accountId = who.app.accountId;
  }
  return ctx.ds.transaction(async (tx) => {
    const [app]: AppRow[] = await tx.query(`SELECT * FROM partner_apps WHERE id = $1 FOR UPDATE`, [who.app.appId]);
    if (!app?.webhook_url) throw partnerError("partners.errors.no_webhook_url");
    const [existing]: WebhookRow[] = await tx.query(
      `SELECT * FROM partner_webhooks WHERE app_id = $1 AND event = $2 AND village_id IS NOT DISTINCT FROM $3 AND account_id IS NOT DISTINCT FROM $4`,
      [app.id, event, target.villageId ?? null, target.accountId ?? null],
    );
    if (existing) return existing;
    const [{ n }]: { n: number }[] = await tx.query(`SELECT count(*)::int AS n FROM partner_webhooks WHERE app_id = $1`, [app.id]);
    if (n >= MAX_WEBHOOKS_PER_APP) throw partnerError("partners.errors.too_many_webhooks", undefined, { max: MAX_WEBHOOKS_PER_APP });
    // Told only of what changes from now on: the newest change it could see is its starting point.
    const [row]: WebhookRow[] = await tx.query(
      `WITH t AS (SELECT $4::uuid AS village_id, $5::uuid AS account_id), b AS (SELECT ${baselineSql(event, "t")} AS at FROM t)
       INSERT INTO partner_webhooks (id, app_id, event, village_id, account_id, baseline_at, scanned_to, created_at)
       SELECT $1, $2, $3, $4, $5, b.at, b.at, $6 FROM b RETURNING *`,
      [newId(), app.id, event, target.villageId ?? null, target.accountId ?? null, ctx.clock.now()],
    );
    return row;
  });
}

/** The app's subscriptions (for an app token: its own, and for a member only theirs). */
export function webhooksOf(ctx: Context): Promise<WebhookRow[]> {
  const who = ctx.principal;
  if (who.kind !== "app") throw partnerForbidden("partners.errors.apps_only");
  return ctx.ds.query(
    `SELECT * FROM partner_webhooks WHERE app_id = $1 AND (account_id IS NULL OR account_id = $2) ORDER BY created_at DESC, id LIMIT 1000`,
    [who.app.appId, who.app.accountId],
  );
}

/** Ends a subscription of the app's own; its queued deliveries go with it. */
export async function unsubscribeWebhook(ctx: Context, id: string): Promise<void> {
  const who = ctx.principal;
  if (who.kind !== "app") throw partnerForbidden("partners.errors.apps_only");
  const g = fromGlobalId(id);
  const [, n]: [unknown, number] =
    g?.type === "Webhook" && isUuid(g.id)
      ? await ctx.ds.query(`DELETE FROM partner_webhooks WHERE id = $1 AND app_id = $2 AND (account_id IS NULL OR account_id = $3)`, [
          g.id,
          who.app.appId,
          who.app.accountId,
        ])
      : [null, 0];
  if (!n) throw notFound();
}

/** The app's deliveries, newest first: its developer's and moderators' log. */
export async function deliveriesOf(ctx: Context, appId: string, first: number): Promise<DeliveryRow[]> {
  if (!Number.isInteger(first) || first < 1 || first > 200) throw partnerError("partners.errors.first", "first", { max: 200 });
  const raw = appIdOf(appId);
  const [app]: AppRow[] = raw ? await ctx.ds.query(`SELECT * FROM partner_apps WHERE id = $1`, [raw]) : [];
  if (!app || !(isAppOwner(ctx.principal, app) || isPartnerStaff(ctx.principal))) throw notFound();
  return ctx.ds.query(`SELECT * FROM partner_webhook_deliveries WHERE app_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`, [
    app.id,
    first,
  ]);
}
