import type { EntityManager } from "typeorm";
import type { Context } from "../../common/context.js";
import { notFound } from "../../common/errors.js";
import { fromGlobalId } from "../../common/global-id.js";
import { newId } from "../../common/uuid.js";
import { audit } from "../audit/index.js";
import { appName, appScopes, redirectUris, webhookUrl } from "./app-input.js";
import { hashSecret, newClientId, newSecret, newWebhookSecret, type AppRow, type AppState } from "./apps.store.js";
import { partnerError, partnerForbidden } from "./partners.errors.js";
import { isAppOwner, isPartnerStaff, partnerAppPolicy } from "./partners.policy.js";
import { appDecided, tell } from "./notifications.js";

/** Apps one member may hold (pending, approved or suspended). */
const MAX_APPS_PER_MEMBER = 10;

export interface AppInput {
  name: string;
  redirectUris: string[];
  scopes: string[];
  webhookUrl?: string | null;
}

/** The app's row id from its global id (`PartnerApp`), or null. */
export function appIdOf(id: string): string | null {
  const g = fromGlobalId(id);
  return g?.type === "PartnerApp" ? g.id : null;
}

/** The app named by its global id, locked for the transaction's change; NOT_FOUND when there is none. */
async function lockApp(tx: EntityManager, id: string): Promise<AppRow> {
  const raw = appIdOf(id);
  const [row]: AppRow[] = raw ? await tx.query(`SELECT * FROM partner_apps WHERE id = $1 FOR UPDATE`, [raw]) : [];
  if (!row) throw notFound();
  return row;
}

/**
 * A member registers an app: it waits for a moderator's approval. The secret is returned once,
 * here; only its SHA-256 is kept.
 */
export async function registerApp(ctx: Context, input: AppInput): Promise<{ app: AppRow; secret: string }> {
  const me = ctx.viewer.userId!;
  const name = appName(input.name);
  const uris = redirectUris(input.redirectUris);
  const scopes = appScopes(input.scopes);
  const webhook = webhookUrl(input.webhookUrl, ctx.config.NODE_ENV === "test" ? ctx.config.WEBHOOK_TEST_ALLOW : []);
  const secret = newSecret();
  const now = ctx.clock.now();
  const app = await ctx.ds.transaction(async (tx) => {
    // One member's registrations queue behind each other, so the limit holds under concurrent requests.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('partner_apps:' || $1))`, [me]);
    const [{ n }]: { n: number }[] = await tx.query(`SELECT count(*)::int AS n FROM partner_apps WHERE owner_id = $1`, [me]);
    if (n >= MAX_APPS_PER_MEMBER) throw partnerError("partners.errors.too_many_apps", undefined, { max: MAX_APPS_PER_MEMBER });
    const [row]: AppRow[] = await tx.query(
      `INSERT INTO partner_apps (id, owner_id, name, client_id, secret_hash, secret_rotated_at, redirect_uris, scopes, webhook_url, webhook_secret, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $6) RETURNING *`,
      [newId(), me, name, newClientId(), hashSecret(secret), now, uris, scopes, webhook, newWebhookSecret()],
    );
    await audit(tx, {
      tableName: "partner_apps",
      recordId: row.id,
      userId: me,
      action: "register",
      after: { name, redirectUris: uris, scopes, webhookUrl: webhook },
    });
    return row;
  });
  return { app, secret };
}

/** The owner replaces the secret and the webhook signing key: the old ones stop working at once. The new secret is returned once. */
export async function rotateSecret(ctx: Context, id: string): Promise<{ app: AppRow; secret: string }> {
  const secret = newSecret();
  const app = await ctx.ds.transaction(async (tx) => {
    const row = await lockApp(tx, id);
    if (!partnerAppPolicy.can(ctx.principal, "rotate", row)) throw notFound();
    const [[updated]]: [AppRow[], number] = await tx.query(
      `UPDATE partner_apps SET secret_hash = $2, secret_rotated_at = $3, webhook_secret = $4 WHERE id = $1 RETURNING *`,
      [row.id, hashSecret(secret), ctx.clock.now(), newWebhookSecret()],
    );
    await audit(tx, { tableName: "partner_apps", recordId: row.id, userId: ctx.viewer.userId!, action: "rotate_secret" });
    return updated;
  });
  return { app, secret };
}

/**
 * A moderator approves (the app may then get tokens) or suspends it (its tokens stop working at
 * once, every grant of it is revoked). The developer is told.
 */
export async function decideApp(ctx: Context, id: string, state: Exclude<AppState, "pending">, reason: string | null): Promise<AppRow> {
  const note = reason?.trim() || null;
  if (note && note.length > 500) throw partnerError("partners.errors.too_long", "reason", { max: 500 });
  if (state === "suspended" && !note) throw partnerError("partners.errors.reason", "reason");
  const app = await ctx.ds.transaction(async (tx) => {
    const row = await lockApp(tx, id);
    const action = state === "approved" ? "approve" : "suspend";
    if (!partnerAppPolicy.can(ctx.principal, action, row)) {
      if (row.state === state) throw partnerError(`partners.errors.already_${state}`);
      throw partnerForbidden("partners.errors.staff_only");
    }
    const [[updated]]: [AppRow[], number] = await tx.query(
      `UPDATE partner_apps SET state = $2, decided_by = $3, decided_at = $4, decision_reason = $5 WHERE id = $1 RETURNING *`,
      [row.id, state, ctx.viewer.userId, ctx.clock.now(), note],
    );
    if (state === "suspended") await tx.query(`DELETE FROM oauth_artifacts WHERE client_id = $1`, [row.client_id]);
    await audit(tx, {
      tableName: "partner_apps",
      recordId: row.id,
      userId: ctx.viewer.userId!,
      action,
      before: { state: row.state },
      after: { state, reason: note },
    });
    return updated;
  });
  await tell(ctx, appDecided, app.owner_id, { appId: app.id, name: app.name, state });
  return app;
}

/** Most points per hour staff may give an app (the column's own bound). */
export const MAX_BUDGET_PER_HOUR = 100_000_000;

/** A moderator sets the app's points per hour, or returns it to the default (null). Audited; the developer sees it on the app. */
export async function setBudget(ctx: Context, id: string, points: number | null): Promise<AppRow> {
  if (points !== null && (!Number.isInteger(points) || points < 1 || points > MAX_BUDGET_PER_HOUR))
    throw partnerError("partners.errors.budget_range", "pointsPerHour", { max: MAX_BUDGET_PER_HOUR });
  return ctx.ds.transaction(async (tx) => {
    const row = await lockApp(tx, id);
    if (!partnerAppPolicy.can(ctx.principal, "setBudget", row)) throw partnerForbidden("partners.errors.staff_only");
    const [[updated]]: [AppRow[], number] = await tx.query(`UPDATE partner_apps SET budget_per_hour = $2 WHERE id = $1 RETURNING *`, [
      row.id,
      points,
    ]);
    await audit(tx, {
      tableName: "partner_apps",
      recordId: row.id,
      userId: ctx.viewer.userId!,
      action: "set_budget",
      before: { budgetPerHour: row.budget_per_hour },
      after: { budgetPerHour: points },
    });
    return updated;
  });
}

/** The member's own apps, newest first. */
export function myApps(ctx: Context): Promise<AppRow[]> {
  return ctx.ds.query(`SELECT * FROM partner_apps WHERE owner_id = $1 ORDER BY created_at DESC, id DESC`, [ctx.viewer.userId]);
}

/** Apps for the staff page: those waiting first, then the newest. */
export function appsForReview(ctx: Context, state: AppState | null): Promise<(AppRow & { owner_name: string | null })[]> {
  return ctx.ds.query(
    `SELECT a.*, u.display_name AS owner_name FROM partner_apps a LEFT JOIN users u ON u.id = a.owner_id
      WHERE $1::text IS NULL OR a.state = $1
      ORDER BY (a.state = 'pending') DESC, a.created_at DESC, a.id DESC LIMIT 200`,
    [state],
  );
}

/** An app's spending by hour, newest first, for its developer and moderators (another member's app is NOT_FOUND). */
export async function usageOf(
  ctx: Context,
  id: string,
  hours: number,
): Promise<{ hour: Date; spent: number; requests: number; refused: number }[]> {
  if (!Number.isInteger(hours) || hours < 1 || hours > 168) throw partnerError("partners.errors.hours", "hours", { max: 168 });
  const raw = appIdOf(id);
  const [app]: AppRow[] = raw ? await ctx.ds.query(`SELECT * FROM partner_apps WHERE id = $1`, [raw]) : [];
  if (!app || !(isAppOwner(ctx.principal, app) || isPartnerStaff(ctx.principal))) throw notFound();
  const since = new Date(ctx.clock.now().getTime() - hours * 3_600_000);
  const rows: { hour: Date; spent: string; requests: number; refused: number }[] = await ctx.ds.query(
    `SELECT hour, spent, requests, refused FROM partner_app_usage WHERE app_id = $1 AND hour > $2 ORDER BY hour DESC`,
    [app.id, since],
  );
  return rows.map((r) => ({ hour: r.hour, spent: Number(r.spent), requests: r.requests, refused: r.refused }));
}
