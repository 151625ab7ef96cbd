import { createHmac } from "node:crypto";
import type { DataSource } from "typeorm";
import type { Config } from "../../../config.js";
import type { Clock } from "../../../common/clock.js";
import { toGlobalId } from "../../../common/global-id.js";
import { logger } from "../../../common/logger.js";
import { apiResource } from "../oauth/resource.js";
import { CHANGES_SQL, OVERLAP } from "./changes.js";
import { DeliveryFailure, postPinned, type Resolver } from "./ssrf.js";

/** Waits before each retry: about 24 hours in all, then the delivery is failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 15 * 3_600_000];

/** Deliveries one run sends, and how many at once. */
export const DELIVERY_BATCH = 50;
const PARALLEL = 5;

/** `Roots-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the app's webhook secret>`. */
export function signature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`, "utf8").digest("hex")}`;
}

export interface WebhookDeps {
  ds: DataSource;
  clock: Clock;
  config: Config;
  /** Tests inject the name resolver. */
  resolve?: Resolver;
}

/**
 * SQL: whether app `a` still holds a live grant with `tree:read` from the member of webhook `w`
 * ($1: the clock's now, $2: the API resource the grant's scopes are kept under).
 */
const LIVE_TREE_GRANT = `EXISTS (
  SELECT 1 FROM oauth_artifacts g WHERE g.model = 'Grant' AND g.client_id = a.client_id AND g.account_id = w.account_id::text
     AND (g.expires_at IS NULL OR g.expires_at > $1) AND 'tree:read' = ANY(string_to_array(g.payload->'resources'->>$2, ' ')))`;

/** What a delivery names: the member whose tree changed, or the village. */
const NODE_TYPE: Record<string, string> = { "tree.changed": "User", "village.changed": "Village" };

/**
 * Turns changes into deliveries: per subscription, one delivery for what changed since it was
 * last looked at (the newest change's time), ids only. A change seen twice (the overlap) is one
 * delivery. Subscriptions to a member's tree whose consent has ended are dropped first.
 */
export async function scanChanges(deps: WebhookDeps): Promise<void> {
  const { ds, clock, config } = deps;
  await ds.query(
    `DELETE FROM partner_webhooks w USING partner_apps a WHERE a.id = w.app_id AND w.event = 'tree.changed' AND NOT ${LIVE_TREE_GRANT}`,
    [clock.now(), apiResource(config)],
  );
  for (const event of Object.keys(CHANGES_SQL) as (keyof typeof CHANGES_SQL)[]) {
    await ds.query(
      `WITH w AS (
         SELECT id, app_id, village_id, account_id, GREATEST(scanned_to - interval '${OVERLAP}', baseline_at) AS bound
           FROM partner_webhooks WHERE event = $1),
       changed AS (
         SELECT w.id, w.app_id, COALESCE(w.account_id, w.village_id) AS target, max(c.at) AS at
           FROM w, LATERAL (${CHANGES_SQL[event]}) c GROUP BY w.id, w.app_id, w.account_id, w.village_id),
       made AS (
         INSERT INTO partner_webhook_deliveries (id, webhook_id, app_id, event, target_id, occurred_at, next_attempt_at, created_at)
         SELECT gen_random_uuid(), id, app_id, $1, target, at, $2, $2 FROM changed
         ON CONFLICT (webhook_id, target_id, occurred_at) DO NOTHING)
       UPDATE partner_webhooks p SET scanned_to = GREATEST(p.scanned_to, c.at) FROM changed c WHERE p.id = c.id`,
      [event, clock.now()],
    );
  }
}

/** The delivery's `node`: the global id of what changed. */
export const nodeIdOf = (d: { event: string; target_id: string }): string => toGlobalId(NODE_TYPE[d.event], d.target_id);

interface Due {
  id: string;
  event: string;
  target_id: string;
  occurred_at: Date;
  attempts: number;
  url: string | null;
  secret: string;
  live: boolean;
}

/**
 * Sends the deliveries that are due, each to its app's webhook URL through the SSRF guard,
 * signed. Consent and the app's approval are checked again at send time: a member's delivery
 * whose consent ended is deleted, one of a suspended app fails. A failure is retried later
 * (RETRY_DELAYS_MS), then marked failed; every attempt's outcome is kept on the row.
 */
export async function sendDue(deps: WebhookDeps): Promise<number> {
  const { ds, clock, config } = deps;
  const now = clock.now();
  // Claimed for five minutes: another server's run skips them meanwhile.
  const [due]: [Due[], number] = await ds.query(
    `UPDATE partner_webhook_deliveries d SET next_attempt_at = $1::timestamptz + interval '5 minutes'
       FROM partner_webhooks w JOIN partner_apps a ON a.id = w.app_id
      WHERE d.id IN (SELECT id FROM partner_webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= $1
                      ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
        AND w.id = d.webhook_id
      RETURNING d.id, d.event, d.target_id, d.occurred_at, d.attempts, a.webhook_url AS url, a.webhook_secret AS secret,
        a.state = 'approved' AND (w.account_id IS NULL OR ${LIVE_TREE_GRANT}) AS live`,
    [now, apiResource(config), DELIVERY_BATCH],
  );
  const queue = [...due];
  const worker = async () => {
    for (let d = queue.shift(); d; d = queue.shift()) await sendOne(deps, d);
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return due.length;
}

async function sendOne(deps: WebhookDeps, d: Due): Promise<void> {
  const { ds, clock, config } = deps;
  if (!d.live || !d.url) {
    await ds.query(`UPDATE partner_webhook_deliveries SET state = 'failed', last_error = $2, finished_at = $3 WHERE id = $1`, [
      d.id,
      !d.url ? "no webhook URL" : "app suspended or consent ended",
      clock.now(),
    ]);
    return;
  }
  const body = JSON.stringify({ id: d.id, type: d.event, node: nodeIdOf(d), time: d.occurred_at.toISOString() });
  const attempt = d.attempts + 1;
  try {
    const { status } = await postPinned(
      new URL(d.url),
      body,
      {
        "roots-signature": signature(d.secret, body, clock.now()),
        "roots-event": d.event,
        "roots-delivery": d.id,
        "user-agent": "Roots-Webhooks/1",
      },
      {
        resolve: deps.resolve,
        allow: config.NODE_ENV === "test" ? config.WEBHOOK_TEST_ALLOW : [],
        ca: config.NODE_ENV === "test" ? config.WEBHOOK_TEST_CA : undefined,
      },
    );
    await ds.query(
      `UPDATE partner_webhook_deliveries SET state = 'delivered', attempts = $2, last_status = $3, last_error = NULL, finished_at = $4 WHERE id = $1`,
      [d.id, attempt, status, clock.now()],
    );
  } catch (err) {
    const failure = err instanceof DeliveryFailure ? err : new DeliveryFailure("failed");
    if (!(err instanceof DeliveryFailure)) logger.warn("Webhook delivery failed", { err: String(err) });
    const last = attempt > RETRY_DELAYS_MS.length;
    await ds.query(
      `UPDATE partner_webhook_deliveries SET attempts = $2, last_status = $3, last_error = $4, state = $5,
              next_attempt_at = $6, finished_at = CASE WHEN $5 = 'failed' THEN $7::timestamptz END WHERE id = $1`,
      [
        d.id,
        attempt,
        failure.status,
        failure.message.slice(0, 300),
        last ? "failed" : "pending",
        new Date(clock.now().getTime() + (RETRY_DELAYS_MS[attempt - 1] ?? 0)),
        clock.now(),
      ],
    );
  }
}
