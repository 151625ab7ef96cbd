/* eslint-disable @typescript-eslint/no-explicit-any -- OAuth and GraphQL answers are read field by field. */
import { createHash, randomBytes } from "node:crypto";
import type { BuiltUser } from "../factories/users.js";
import type { TestServer } from "./server.js";

export const REDIRECT = "https://partner.example/callback";

/** A browser's cookies for one server: what the OAuth server set, sent back on every request (paths ignored). */
export class CookieJar {
  private readonly jar = new Map<string, string>();
  take(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(c) || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }
  header(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** A PKCE pair (S256). */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export interface RegisteredApp {
  id: string;
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
}

const REGISTER = `mutation ($input: RegisterAppInput!) { registerApp(input: $input) { clientSecret webhookSecret app { id clientId state } } }`;
const APPROVE = `mutation ($id: ID!) { approveApp(id: $id) { id state } }`;

/** A developer registers an app and a moderator approves it. */
export async function approvedApp(
  server: TestServer,
  developer: BuiltUser,
  moderator: BuiltUser,
  input: { name?: string; scopes?: string[]; redirectUris?: string[]; webhookUrl?: string } = {},
): Promise<RegisteredApp> {
  const r = await server.gql<any>(
    REGISTER,
    {
      input: {
        name: input.name ?? "Cedar Genealogy",
        redirectUris: input.redirectUris ?? [REDIRECT],
        scopes: input.scopes ?? ["public:read", "profile:read", "tree:read"],
        webhookUrl: input.webhookUrl ?? null,
      },
    },
    { token: developer.token },
  );
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  const app = r.data.registerApp.app;
  const a = await server.gql<any>(APPROVE, { id: app.id }, { token: moderator.token });
  if (a.errors) throw new Error(JSON.stringify(a.errors));
  return {
    id: app.id,
    clientId: app.clientId,
    clientSecret: r.data.registerApp.clientSecret,
    webhookSecret: r.data.registerApp.webhookSecret,
  };
}

export const basic = (app: Pick<RegisteredApp, "clientId" | "clientSecret">): string =>
  `Basic ${Buffer.from(`${encodeURIComponent(app.clientId)}:${encodeURIComponent(app.clientSecret)}`).toString("base64")}`;

/** POSTs to the token endpoint with the app's credentials (HTTP Basic). */
export async function tokenRequest(
  server: TestServer,
  app: Pick<RegisteredApp, "clientId" | "clientSecret">,
  form: Record<string, string>,
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic(app) },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, body: await res.json() };
}

/** A GraphQL request made with an app's access token. */
export const asApp = (server: TestServer, accessToken: string, query: string, variables?: Record<string, unknown>) =>
  server.gql<any>(query, variables, { token: accessToken });

/** Starts an authorization in a fresh browser; answers where the server sent it. */
export async function authorize(
  server: TestServer,
  params: Record<string, string>,
  jar = new CookieJar(),
): Promise<{ status: number; location: string | null; body: any; jar: CookieJar }> {
  const res = await fetch(`${server.url}/oauth/authorize?${new URLSearchParams(params)}`, {
    redirect: "manual",
    headers: { cookie: jar.header() },
  });
  jar.take(res);
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // an HTML or empty body
  }
  return { status: res.status, location: res.headers.get("location"), body, jar };
}

/** A URL the server answered with, made absolute on the test server (the issuer's host is PUBLIC_URL's). */
export const onServer = (server: TestServer, location: string): string => {
  const u = new URL(location, server.url);
  return `${server.url}${u.pathname}${u.search}`;
};

/**
 * The whole code flow as a member's browser runs it: authorize, the consent page's details and
 * "Allow", back to the provider, and the redirect with the code. Answers the code and the details.
 */
export async function consentFlow(
  server: TestServer,
  app: RegisteredApp,
  member: BuiltUser,
  opts: { scope?: string; challenge: string; state?: string; decision?: "confirm" | "deny" },
): Promise<{ code: string | null; redirect: URL; details: any }> {
  const params = new URLSearchParams({
    client_id: app.clientId,
    response_type: "code",
    redirect_uri: REDIRECT,
    scope: opts.scope ?? "public:read tree:read profile:read",
    code_challenge: opts.challenge,
    code_challenge_method: "S256",
    state: opts.state ?? "s-1",
  });
  const { redirect, details } = await consentAt(server, `/oauth/authorize?${params}`, member, opts.decision);
  return { code: redirect.searchParams.get("code"), redirect, details };
}

/** A member's browser opens an authorization address (absolute or on the server) and answers the consent page. */
export async function consentAt(
  server: TestServer,
  authorizeUrl: string,
  member: BuiltUser,
  decision: "confirm" | "deny" = "confirm",
): Promise<{ redirect: URL; details: any }> {
  const jar = new CookieJar();
  const first = await fetch(onServer(server, authorizeUrl), { redirect: "manual", headers: { cookie: jar.header() } });
  jar.take(first);
  const location = first.headers.get("location");
  if (!location?.includes("/oauth/consent/")) throw new Error(`no consent redirect: ${first.status} ${await first.text()}`);
  const consent = new URL(location, server.url).pathname;
  const headers = { authorization: `Bearer ${member.token}`, cookie: jar.header() };
  const details = await (await fetch(`${server.url}${consent}/details`, { headers })).json();
  const answer = await fetch(`${server.url}${consent}/${decision}`, { method: "POST", headers });
  const { redirectTo } = (await answer.json()) as { redirectTo: string };
  const resumed = await fetch(onServer(server, redirectTo), { redirect: "manual", headers: { cookie: jar.header() } });
  jar.take(resumed);
  if (!resumed.headers.get("location"))
    throw new Error(`no redirect after consent: ${resumed.status} ${await resumed.text()} (${redirectTo})`);
  const redirect = new URL(resumed.headers.get("location")!, "http://relative.invalid");
  if (redirect.host === "relative.invalid") throw new Error(`redirected back to ${redirect.pathname}`);
  return { redirect, details };
}

/** The code flow to tokens. */
export async function memberTokens(
  server: TestServer,
  app: RegisteredApp,
  member: BuiltUser,
  scope?: string,
): Promise<{ access_token: string; refresh_token: string; scope: string; expires_in: number }> {
  const { verifier, challenge } = pkce();
  const { code } = await consentFlow(server, app, member, { challenge, scope });
  const t = await tokenRequest(server, app, {
    grant_type: "authorization_code",
    code: code!,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
  });
  if (t.status !== 200) throw new Error(JSON.stringify(t.body));
  return t.body;
}
