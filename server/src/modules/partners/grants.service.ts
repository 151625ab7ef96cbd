import type { Context } from "../../common/context.js";
import { notFound } from "../../common/errors.js";
import { fromGlobalId } from "../../common/global-id.js";
import { audit } from "../audit/index.js";
import { apiResource } from "./oauth/resource.js";

export interface GrantRow {
  jti: string;
  client_id: string;
  scope: string | null;
  iat: number;
  app_name: string;
  owner_name: string | null;
}

/** The apps a member let in, newest first, with the scopes each holds. */
export function grantsOf(ctx: Context): Promise<GrantRow[]> {
  return ctx.ds.query(
    `SELECT g.payload->>'jti' AS jti, g.client_id, g.payload->'resources'->>$3 AS scope, (g.payload->>'iat')::bigint AS iat,
            a.name AS app_name, u.display_name AS owner_name
       FROM oauth_artifacts g
       JOIN partner_apps a ON a.client_id = g.client_id
       LEFT JOIN users u ON u.id = a.owner_id
      WHERE g.model = 'Grant' AND g.account_id = $1 AND (g.expires_at IS NULL OR g.expires_at > $2)
      ORDER BY iat DESC`,
    [ctx.viewer.userId, ctx.clock.now(), apiResource(ctx.config)],
  );
}

/**
 * The member withdraws an app's access: the grant and every code and token of it go at once
 * (a token in flight fails on its next request), and so do its webhooks on the member's tree.
 * Another member's grant is NOT_FOUND.
 */
export async function revokeGrant(ctx: Context, id: string): Promise<void> {
  const g = fromGlobalId(id);
  const me = ctx.viewer.userId!;
  await ctx.ds.transaction(async (tx) => {
    const [row]: { jti: string; client_id: string }[] =
      g?.type === "OAuthGrant"
        ? await tx.query(
            `SELECT payload->>'jti' AS jti, client_id FROM oauth_artifacts WHERE model = 'Grant' AND account_id = $1 AND payload->>'jti' = $2 FOR UPDATE`,
            [me, g.id],
          )
        : [];
    if (!row) throw notFound();
    await tx.query(`DELETE FROM oauth_artifacts WHERE grant_id = $1 OR (model = 'Grant' AND payload->>'jti' = $1)`, [row.jti]);
    // The app's subscriptions to the member's tree end with it, and their deliveries not yet sent.
    await tx.query(`DELETE FROM partner_webhooks WHERE account_id = $1 AND app_id = (SELECT id FROM partner_apps WHERE client_id = $2)`, [
      me,
      row.client_id,
    ]);
    await audit(tx, { tableName: "oauth_artifacts", recordId: row.client_id, userId: me, action: "revoke_grant" });
  });
}
