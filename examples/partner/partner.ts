/**
 * A partner site's use of the Roots API, in plain TypeScript with `fetch` and `node:crypto` only:
 * an app token for public data (client credentials), villages and a public person, then a
 * member's consent (authorization code with PKCE S256), their roots, and their tree as GEDCOM.
 * Run by CI against a test server (tests/integration/partner-example.test.ts); see README.md.
 */
import { createHash, randomBytes } from "node:crypto";

export interface PartnerConfig {
  /** The Roots site, e.g. https://roots.example */
  base: string;
  clientId: string;
  clientSecret: string;
  /** One of the app's registered redirect URIs. */
  redirectUri: string;
}

export interface Tokens {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  scope: string;
}

const basic = (c: PartnerConfig) =>
  `Basic ${Buffer.from(`${encodeURIComponent(c.clientId)}:${encodeURIComponent(c.clientSecret)}`).toString("base64")}`;

async function token(c: PartnerConfig, form: Record<string, string>): Promise<Tokens> {
  const res = await fetch(`${c.base}/oauth/token`, {
    method: "POST",
    headers: { authorization: basic(c), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  const body = (await res.json()) as Tokens & { error?: string; error_description?: string };
  if (!res.ok) throw new Error(`token endpoint: ${body.error} ${body.error_description ?? ""}`.trim());
  return body;
}

/** An hour-long token for public data: villages, public records of the dead, Rootpedia. */
export const appToken = (c: PartnerConfig): Promise<Tokens> => token(c, { grant_type: "client_credentials", scope: "public:read" });

/** A GraphQL request; throws with the API's (translated) message on an error. */
export async function graphql<T>(
  c: PartnerConfig,
  accessToken: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const res = await fetch(`${c.base}/graphql`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json", "accept-language": "en" },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(`GraphQL: ${body.errors.map((e) => e.message).join("; ")}`);
  return body.data as T;
}

export interface Village {
  id: string;
  name: string;
  nameAr: string | null;
}

export const villages = async (c: PartnerConfig, accessToken: string, first = 5): Promise<Village[]> =>
  (
    await graphql<{ villages: { edges: { node: Village }[] } }>(
      c,
      accessToken,
      `
        query ($first: Int) {
          villages(first: $first) {
            edges {
              node {
                id
                name
                nameAr
              }
            }
          }
        }
      `,
      { first },
    )
  ).villages.edges.map((e) => e.node);

export const person = async (c: PartnerConfig, accessToken: string, id: string) =>
  (
    await graphql<{ person: { id: string; displayName: string; isPrivate: boolean } | null }>(
      c,
      accessToken,
      `
        query ($id: ID!) {
          person(id: $id) {
            id
            displayName
            isPrivate
          }
        }
      `,
      { id },
    )
  ).person;

/** Where to send the member for consent, and what to keep until they come back (the verifier and state). */
export function consentRequest(c: PartnerConfig, scopes: string[]): { url: string; verifier: string; state: string } {
  const verifier = randomBytes(32).toString("base64url");
  const state = randomBytes(12).toString("base64url");
  const params = new URLSearchParams({
    response_type: "code",
    client_id: c.clientId,
    redirect_uri: c.redirectUri,
    scope: scopes.join(" "),
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    state,
  });
  return { url: `${c.base}/oauth/authorize?${params}`, verifier, state };
}

/** The member came back to the redirect URI: check the state, exchange the code (within 60 s). */
export async function finishConsent(c: PartnerConfig, callback: URL, expected: { verifier: string; state: string }): Promise<Tokens> {
  if (callback.searchParams.get("state") !== expected.state) throw new Error("state does not match: not our request");
  const error = callback.searchParams.get("error");
  if (error) throw new Error(`the member did not consent: ${error}`);
  return token(c, {
    grant_type: "authorization_code",
    code: callback.searchParams.get("code") ?? "",
    redirect_uri: c.redirectUri,
    code_verifier: expected.verifier,
  });
}

export const myRoots = async (c: PartnerConfig, accessToken: string) =>
  (
    await graphql<{ myRoots: { village: { id: string; name: string } }[] }>(
      c,
      accessToken,
      `
        {
          myRoots {
            village {
              id
              name
            }
          }
        }
      `,
    )
  ).myRoots;

/** The member's tree as GEDCOM 7 (tree:export). */
export async function exportTree(c: PartnerConfig, accessToken: string): Promise<string> {
  const res = await fetch(`${c.base}/api/exports/tree?scope=mine&version=7.0`, { headers: { authorization: `Bearer ${accessToken}` } });
  if (!res.ok) throw new Error(`export: ${res.status} ${await res.text()}`);
  return res.text();
}
