import type { DataSource } from "typeorm";
import { MEMBER_SCOPES, isAppScope, type AppScope } from "../../common/auth/app-scope.js";
import type { AppActor } from "../../common/auth/principal.js";
import { anonymousViewer, type Viewer } from "../../common/auth/viewer.js";
import { hashToken } from "../accounts/index.js";

/** A request made with a partner app's access token: whose rights it carries, and the app. */
export interface AppRequester {
  viewer: Viewer;
  app: AppActor;
}

interface TokenRow {
  payload: { scope?: string; accountId?: string; clientId: string; grantId?: string };
  app_id: string;
  client_id: string;
  granted: boolean;
}

/**
 * The live access token's app (approved, not suspended), its scopes and the member behind it.
 * A token of a grant since revoked (by the member, a replayed code or a reused refresh token)
 * fails even when it was saved after the revocation. The member's rights come only with a tree
 * scope, and never their staff roles: an app reads the member's tree as a member, nothing more.
 */
const TOKEN_SQL = `
  SELECT t.payload, a.id AS app_id, a.client_id,
         (t.payload->>'grantId') IS NULL OR EXISTS (
           SELECT 1 FROM oauth_artifacts g WHERE g.model = 'Grant'
              AND g.id = encode(sha256(convert_to(t.payload->>'grantId', 'UTF8')), 'hex')
              AND (g.expires_at IS NULL OR g.expires_at > $2)) AS granted
    FROM oauth_artifacts t
    JOIN partner_apps a ON a.client_id = t.client_id AND a.state = 'approved'
   WHERE t.model IN ('AccessToken', 'ClientCredentials') AND t.id = $1 AND t.expires_at > $2`;

export async function resolveAppToken(ds: DataSource, token: string, now: Date): Promise<AppRequester | null> {
  const [row]: TokenRow[] = await ds.query(TOKEN_SQL, [hashToken(token), now]);
  if (!row || !row.granted) return null;
  const scopes = (row.payload.scope ?? "").split(" ").filter(isAppScope) as AppScope[];
  const accountId = row.payload.accountId ?? null;
  const asMember = accountId != null && scopes.some((s) => MEMBER_SCOPES.includes(s));
  const viewer: Viewer = asMember ? { userId: accountId, sessionId: null, roles: [], curatedVillageIds: [] } : anonymousViewer();
  return { viewer, app: { appId: row.app_id, clientId: row.client_id, accountId, scopes, budget: Number.POSITIVE_INFINITY } };
}
