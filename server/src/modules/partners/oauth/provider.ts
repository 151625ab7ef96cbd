import { generateKeyPairSync, randomBytes } from "node:crypto";
import Provider, { errors, interactionPolicy, type Configuration, type JWK, type KoaContextWithOIDC } from "oidc-provider";
import type { DataSource } from "typeorm";
import type { Clock } from "../../../common/clock.js";
import { APP_SCOPES } from "../../../common/auth/app-scope.js";
import { logger } from "../../../common/logger.js";
import type { Config } from "../../../config.js";
import { secretMatches } from "../apps.store.js";
import { postgresAdapter } from "./adapter.js";
import { apiResource, consentPath, OAUTH_PREFIX, TTL } from "./resource.js";

/** The server's own keys (cookie signing, a signing key for the JWKS), made once and kept in the database. */
async function keysOf(ds: DataSource): Promise<{ cookie: string; jwk: JWK }> {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = { ...(privateKey.export({ format: "jwk" }) as JWK), kid: randomBytes(8).toString("hex"), use: "sig", alg: "ES256" };
  await ds.query(`INSERT INTO oauth_keys (name, value) VALUES ('cookie', $1), ('jwk', $2) ON CONFLICT (name) DO NOTHING`, [
    randomBytes(32).toString("base64url"),
    JSON.stringify(jwk),
  ]);
  const rows: { name: string; value: string }[] = await ds.query(`SELECT name, value FROM oauth_keys WHERE name IN ('cookie', 'jwk')`);
  const byName = new Map(rows.map((r) => [r.name, r.value]));
  return { cookie: byName.get("cookie")!, jwk: JSON.parse(byName.get("jwk")!) as JWK };
}

/**
 * Roots always asks: every authorization goes through the consent page, which reads who the
 * member is from Roots' own session (never from a provider cookie a previous member left).
 */
function alwaysAsk() {
  const { Prompt, Check, base } = interactionPolicy;
  const policy = base();
  policy.remove("login");
  policy.add(
    new Prompt(
      { name: "login", requestable: true },
      new Check("roots_member", "The member confirms on Roots", (ctx: KoaContextWithOIDC) =>
        ctx.oidc.result?.login ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT,
      ),
    ),
    0,
  );
  return policy;
}

/**
 * The OAuth 2.0 server partner apps use (oidc-provider): client credentials for public data, the
 * code flow with PKCE (S256) for a member's consent, rotating refresh tokens, revocation, and
 * RFC 8414 metadata. Artifacts live in PostgreSQL (adapter.ts); clients are approved partner apps.
 */
export async function createOAuthProvider(deps: { ds: DataSource; clock: Clock; config: Config }): Promise<Provider> {
  const { ds, clock, config } = deps;
  const keys = await keysOf(ds);
  const resource = apiResource(config);
  const configuration: Configuration = {
    adapter: postgresAdapter(ds, clock),
    jwks: { keys: [keys.jwk] },
    cookies: { keys: [keys.cookie] },
    scopes: ["openid", "offline_access", ...APP_SCOPES],
    responseTypes: ["code"],
    // The one key is P-256 (ES256): no ID tokens are issued, but clients are checked against it.
    clientDefaults: { grant_types: ["authorization_code"], response_types: ["code"], id_token_signed_response_alg: "ES256" },
    clientAuthMethods: ["client_secret_basic", "client_secret_post"],
    pkce: { required: () => true },
    routes: {
      authorization: `${OAUTH_PREFIX}/authorize`,
      token: `${OAUTH_PREFIX}/token`,
      revocation: `${OAUTH_PREFIX}/revoke`,
      jwks: `${OAUTH_PREFIX}/jwks`,
      userinfo: `${OAUTH_PREFIX}/userinfo`,
      end_session: `${OAUTH_PREFIX}/end`,
      introspection: `${OAUTH_PREFIX}/introspect`,
      pushed_authorization_request: `${OAUTH_PREFIX}/par`,
      registration: `${OAUTH_PREFIX}/register`,
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          // An app alone reads what a visitor may: public data only; asking for more is refused.
          const alone = ctx.oidc.params?.grant_type === "client_credentials";
          const asked = String(ctx.oidc.params?.scope ?? "")
            .split(" ")
            .filter(Boolean);
          if (alone && asked.some((s) => s !== "public:read"))
            throw new errors.InvalidScope("an app alone may ask for public:read only", asked.join(" "));
          return {
            scope: alone ? "public:read" : APP_SCOPES.join(" "),
            audience: resource,
            accessTokenTTL: TTL.accessToken,
            accessTokenFormat: "opaque",
          };
        },
      },
    },
    interactions: {
      url: (_ctx, interaction) => consentPath(interaction.uid),
      policy: alwaysAsk(),
    },
    // Tokens live their own life, not the provider's browser session's.
    expiresWithSession: () => false,
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    rotateRefreshToken: true,
    findAccount: async (_ctx, sub) => {
      const [user]: { id: string }[] = await ds.query(`SELECT id FROM users WHERE id::text = $1`, [sub]);
      return user ? { accountId: user.id, claims: () => ({ sub: user.id }) } : undefined;
    },
    ttl: {
      AccessToken: TTL.accessToken,
      ClientCredentials: TTL.accessToken,
      AuthorizationCode: TTL.code,
      RefreshToken: TTL.refreshToken,
      Interaction: TTL.interaction,
      Grant: TTL.grant,
      Session: TTL.interaction,
    },
    renderError: (ctx, out) => {
      ctx.type = "json";
      ctx.body = out;
    },
  };
  const provider = new Provider(config.PUBLIC_URL.replace(/\/$/, ""), configuration);
  provider.proxy = config.TRUST_PROXY > 0;
  // Secrets are kept as their SHA-256 (apps.store.ts): compare the hash of what the app sent.
  provider.Client.prototype.compareClientSecret = function compareHashed(this: { clientSecret?: string }, actual: string) {
    return secretMatches(this.clientSecret ?? "", actual);
  };
  provider.on("server_error", (_ctx, err) => logger.error("OAuth server error", { err: String(err) }));
  return provider;
}
