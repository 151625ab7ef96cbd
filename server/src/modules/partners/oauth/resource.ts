import type { Config } from "../../../config.js";

// What the rest of the area needs to know of the OAuth server, without loading oidc-provider (it
// is loaded on the first OAuth request: it prints a warning on Node 20 when it loads).

/** Where the OAuth server answers; its discovery is at `/.well-known/…`. */
export const OAUTH_PREFIX = "/oauth";
/** The page where a member says yes or no to an app (the client's route). */
export const consentPath = (uid: string): string => `${OAUTH_PREFIX}/consent/${uid}`;

const HOUR = 3600;
const DAY = 86_400;
/** Access tokens live an hour; codes a minute; refresh tokens end after 90 days unused (each use gives a new one). */
export const TTL = { accessToken: HOUR, code: 60, refreshToken: 90 * DAY, interaction: HOUR, grant: 10 * 365 * DAY };

/** The GraphQL endpoint as the one resource server tokens are issued for. */
export const apiResource = (config: Config): string => `${config.PUBLIC_URL.replace(/\/$/, "")}/graphql`;
