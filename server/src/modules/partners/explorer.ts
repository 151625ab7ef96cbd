import { randomBytes } from "node:crypto";
import type { Context } from "../../common/context.js";
import { notFound } from "../../common/errors.js";
import { hashToken } from "../accounts/index.js";
import { audit } from "../audit/index.js";
import { appIdOf } from "./apps.service.js";
import type { AppRow } from "./apps.store.js";
import { TTL } from "./oauth/resource.js";
import { partnerError } from "./partners.errors.js";
import { isAppOwner } from "./partners.policy.js";

/**
 * The explorer's token: an hour-long access token of one of the developer's own approved apps,
 * acting for the developer with the app's scopes, as the code flow would give it. It reads only
 * what that app could read of the developer's own tree, and is charged to the app's budget.
 */
export async function explorerToken(ctx: Context, id: string): Promise<{ token: string; expiresAt: Date; scopes: string[] }> {
  const raw = appIdOf(id);
  const [app]: AppRow[] = raw ? await ctx.ds.query(`SELECT * FROM partner_apps WHERE id = $1`, [raw]) : [];
  if (!app || !isAppOwner(ctx.principal, app)) throw notFound();
  if (app.state !== "approved") throw partnerError("partners.errors.not_approved");
  const token = randomBytes(32).toString("base64url");
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + TTL.accessToken * 1000);
  const payload = {
    kind: "AccessToken",
    gty: "explorer",
    clientId: app.client_id,
    accountId: ctx.viewer.userId,
    scope: app.scopes.join(" "),
    iat: Math.floor(now.getTime() / 1000),
    exp: Math.floor(expiresAt.getTime() / 1000),
  };
  await ctx.ds.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO oauth_artifacts (model, id, payload, client_id, account_id, expires_at) VALUES ('AccessToken', $1, $2, $3, $4, $5)`,
      // Kept as the OAuth server keeps its tokens: by their SHA-256 (oauth/adapter.ts artifactKey; oidc-provider is not loaded here).
      [hashToken(token), JSON.stringify(payload), app.client_id, ctx.viewer.userId, expiresAt],
    );
    await audit(tx, { tableName: "oauth_artifacts", recordId: app.client_id, userId: ctx.viewer.userId, action: "explorer_token" });
  });
  return { token, expiresAt, scopes: app.scopes };
}
