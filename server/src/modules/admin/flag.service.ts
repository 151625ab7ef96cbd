import type { DataSource } from "typeorm";
import type { Context } from "../../common/context.js";
import { badInput } from "../../common/errors.js";
import { audit } from "../audit/index.js";
import { flagDefaults, isKnownFlag } from "../../common/flag-catalogue.js";

export interface FlagState {
  key: string;
  enabled: boolean;
  defaultEnabled: boolean;
}

/** Every known flag as this request sees it (the instance's snapshot: no query). */
export const listFlags = (ctx: Context): FlagState[] =>
  Object.keys(flagDefaults()).map((key) => ({ key, enabled: ctx.flags.isOn(key), defaultEnabled: flagDefaults()[key] }));

/**
 * Stores an admin's choice with an audit row, then drops the snapshot here and announces
 * the change so every other instance drops its own. Unknown keys change nothing.
 */
export async function setFlag(ctx: Context, key: string, enabled: boolean): Promise<FlagState> {
  if (!isKnownFlag(key)) throw badInput([{ field: "key", key: "errors.unknown_flag" }], "errors.unknown_flag");
  await ctx.ds.transaction(async (tx) => {
    const [row]: { enabled: boolean }[] = await tx.query(`SELECT enabled FROM feature_flags WHERE key = $1 FOR UPDATE`, [key]);
    await tx.query(
      `INSERT INTO feature_flags (key, enabled, updated_by, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (key) DO UPDATE SET enabled = EXCLUDED.enabled, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [key, enabled, ctx.viewer.userId],
    );
    await audit(tx, {
      tableName: "feature_flags",
      recordId: key,
      userId: ctx.viewer.userId,
      action: "update",
      before: { enabled: row?.enabled ?? flagDefaults()[key] },
      after: { enabled },
    });
  });
  ctx.flags.invalidate();
  await ctx.bus.publish("FEATURE_FLAG_CHANGED", { key, enabled });
  return { key, enabled, defaultEnabled: flagDefaults()[key] };
}

/** The embedded demo (and the test template) shows everything: every flag on, unless a row already says otherwise. */
export async function turnEveryFlagOn(ds: DataSource): Promise<void> {
  await ds.query(
    `INSERT INTO feature_flags (key, enabled, updated_by, updated_at) SELECT key, true, NULL, now() FROM unnest($1::text[]) AS key ON CONFLICT (key) DO NOTHING`,
    [Object.keys(flagDefaults())],
  );
}
