import type { DataSource } from "typeorm";
import type { AppActor } from "../../common/auth/principal.js";

const HOUR_MS = 3_600_000;

/** What one operation cost an app, and what is left of its hour (`extensions.cost`, `rateLimit`). */
export interface AppCharge {
  allowed: boolean;
  requested: number;
  remaining: number;
  limit: number;
  resetAt: Date;
}

export const hourOf = (now: Date): Date => new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);

/**
 * Charges an operation's cost to the app's budget for the current hour, in PostgreSQL so every
 * server shares it: one statement adds the cost only while the hour's total stays within the
 * limit (two requests at once cannot both take the last points). A refused operation is counted
 * as refused and spends nothing. `limit` 0: budgets are off.
 */
export async function chargeApp(ds: DataSource, app: AppActor, cost: number, now: Date, defaultLimit: number): Promise<AppCharge> {
  const hour = hourOf(now);
  const resetAt = new Date(hour.getTime() + HOUR_MS);
  const points = Math.ceil(cost);
  const [row]: { limit: number; spent: string | null }[] = await ds.query(
    `WITH lim AS (SELECT coalesce(budget_per_hour, $4::int) AS "limit" FROM partner_apps WHERE id = $1::uuid),
          charged AS (
            INSERT INTO partner_app_usage AS u (app_id, hour, spent, requests)
            SELECT $1::uuid, $2::timestamptz, $3::bigint, 1 FROM lim WHERE $3::bigint <= lim."limit" OR lim."limit" = 0
            ON CONFLICT (app_id, hour) DO UPDATE SET spent = u.spent + EXCLUDED.spent, requests = u.requests + 1
              WHERE u.spent + EXCLUDED.spent <= (SELECT "limit" FROM lim) OR (SELECT "limit" FROM lim) = 0
            RETURNING spent)
     SELECT (SELECT "limit" FROM lim) AS "limit", (SELECT spent FROM charged) AS spent`,
    [app.appId, hour, points, defaultLimit],
  );
  const limit = Number(row?.limit ?? defaultLimit);
  if (row?.spent != null)
    return { allowed: true, requested: points, remaining: limit ? Math.max(0, limit - Number(row.spent)) : -1, limit, resetAt };
  const [refused]: { spent: string }[] = await ds.query(
    `INSERT INTO partner_app_usage AS u (app_id, hour, refused) VALUES ($1, $2, 1)
     ON CONFLICT (app_id, hour) DO UPDATE SET refused = u.refused + 1 RETURNING spent`,
    [app.appId, hour],
  );
  return { allowed: false, requested: points, remaining: Math.max(0, limit - Number(refused?.spent ?? 0)), limit, resetAt };
}

/** What is left of the app's hour, without spending. */
export async function appBudget(ds: DataSource, app: AppActor, now: Date, defaultLimit: number): Promise<AppCharge> {
  const hour = hourOf(now);
  const [row]: { limit: number; spent: string | null }[] = await ds.query(
    `SELECT coalesce(a.budget_per_hour, $3::int) AS "limit", u.spent FROM partner_apps a
       LEFT JOIN partner_app_usage u ON u.app_id = a.id AND u.hour = $2 WHERE a.id = $1`,
    [app.appId, hour, defaultLimit],
  );
  const limit = Number(row?.limit ?? defaultLimit);
  return {
    allowed: true,
    requested: 0,
    remaining: limit ? Math.max(0, limit - Number(row?.spent ?? 0)) : -1,
    limit,
    resetAt: new Date(hour.getTime() + HOUR_MS),
  };
}
