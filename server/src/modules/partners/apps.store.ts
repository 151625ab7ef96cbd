import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { AdapterPayload } from "oidc-provider";
import type { AppScope } from "../../common/auth/app-scope.js";

export type AppState = "pending" | "approved" | "suspended";

/** A row of `partner_apps`. */
export interface AppRow {
  id: string;
  owner_id: string;
  name: string;
  client_id: string;
  secret_hash: string;
  secret_rotated_at: Date;
  redirect_uris: string[];
  scopes: AppScope[];
  webhook_url: string | null;
  /** The key webhooks to the app are signed with (HMAC-SHA256), shown to the developer with the secret. */
  webhook_secret: string;
  state: AppState;
  budget_per_hour: number | null;
  decided_by: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
  created_at: Date;
}

export const hashSecret = (secret: string): string => createHash("sha256").update(secret, "utf8").digest("hex");

/** A new client secret (256 random bits), shown once to the developer; only its hash is kept. */
export const newSecret = (): string => `rs_${randomBytes(32).toString("base64url")}`;

/** A new webhook signing key, replaced with the secret. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString("base64url")}`;

export const newClientId = (): string => `app_${randomBytes(16).toString("base64url")}`;

/** Whether `given` is the secret whose hash is `hash`, compared in constant time. */
export function secretMatches(hash: string, given: unknown): boolean {
  if (typeof given !== "string" || given.length > 200) return false;
  const a = Buffer.from(hashSecret(given), "hex");
  const b = Buffer.from(hash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The app as oidc-provider's client: client credentials always (public data); the code flow
 * (PKCE, with refresh tokens) when it registered redirect URIs. `client_secret` holds the hash:
 * the provider's comparison is replaced by `secretMatches` (oauth/provider.ts).
 */
export function appClientMetadata(app: AppRow): AdapterPayload {
  const code = app.redirect_uris.length > 0;
  return {
    client_id: app.client_id,
    client_secret: app.secret_hash,
    client_name: app.name,
    redirect_uris: app.redirect_uris,
    grant_types: code ? ["client_credentials", "authorization_code", "refresh_token"] : ["client_credentials"],
    response_types: code ? ["code"] : [],
    token_endpoint_auth_method: "client_secret_basic",
    scope: app.scopes.join(" "),
  };
}
