/* eslint-disable @typescript-eslint/no-explicit-any -- OAuth and GraphQL answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { advanceAndRun, DAY, HOUR, TestClock } from "../support/clock.js";
import { buildPerson, buildVillage } from "../support/genealogy.js";
import {
  approvedApp,
  asApp,
  authorize,
  consentFlow,
  memberTokens,
  pkce,
  REDIRECT,
  tokenRequest,
  type RegisteredApp,
} from "../support/partners.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * The partner API's OAuth server (issue 40): client credentials for public data; the code flow
 * with PKCE and the member's consent on Roots; rotating refresh tokens; replays that revoke; the
 * server's clock ending codes, tokens and idle refresh tokens; and app tokens that reach only the
 * root fields open to their scopes, with the member's rights only through a tree scope.
 */
let server: TestServer;
let clock: TestClock;
let developer: BuiltUser, member: BuiltUser, other: BuiltUser, moderator: BuiltUser;
let app: RegisteredApp;
let livingId: string, deadId: string;

const PERSON = `query ($id: ID!) { person(id: $id) { id isPrivate displayName } }`;

beforeAll(async () => {
  clock = new TestClock();
  server = await startTestServer({}, { clock });
  [developer, member, other, moderator] = await Promise.all([
    buildUser(server.ds, { clock, displayName: "Dev Partner" }),
    buildUser(server.ds, { clock, displayName: "Maya Haddad" }),
    buildUser(server.ds, { clock }),
    buildUser(server.ds, { clock, roles: [{ role: Role.MODERATOR }] }),
  ]);
  app = await approvedApp(server, developer, moderator);
  const village = await buildVillage(server, "Zahle");
  livingId = await buildPerson(server, member, { fullName: "Karim Haddad", birthDate: "1980", villageId: village.id });
  deadId = await buildPerson(server, member, { fullName: "Tanios Haddad", birthDate: "1850", deathDate: "1920", villageId: village.id });
});
afterAll(() => server.stop());

describe("discovery", () => {
  it("publishes RFC 8414 metadata: the endpoints, code with S256 only, and the scopes", async () => {
    const res = await fetch(`${server.url}/.well-known/oauth-authorization-server`);
    expect(res.status).toBe(200);
    const meta: any = await res.json();
    expect(meta.token_endpoint).toMatch(/\/oauth\/token$/);
    expect(meta.authorization_endpoint).toMatch(/\/oauth\/authorize$/);
    expect(meta.revocation_endpoint).toMatch(/\/oauth\/revoke$/);
    expect(meta.code_challenge_methods_supported).toEqual(["S256"]);
    expect(meta.response_types_supported).toEqual(["code"]);
    expect(meta.scopes_supported).toEqual(
      expect.arrayContaining(["public:read", "profile:read", "tree:read", "tree:export", "tree:import"]),
    );
  });
});

describe("client credentials", () => {
  it("gives an hour-long token for public data: a visitor's view, never a member's", async () => {
    const t = await tokenRequest(server, app, { grant_type: "client_credentials", scope: "public:read" });
    expect(t.status).toBe(200);
    expect(t.body).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "public:read" });
    expect(t.body.refresh_token).toBeUndefined();
    const dead = await asApp(server, t.body.access_token, PERSON, { id: deadId });
    expect(dead.data.person).toMatchObject({ isPrivate: false, displayName: "Tanios Haddad" });
    const living = await asApp(server, t.body.access_token, PERSON, { id: livingId });
    expect(living.data.person.isPrivate).toBe(true);
    // A tree scope is never given to an app alone.
    const tree = await tokenRequest(server, app, { grant_type: "client_credentials", scope: "tree:read" });
    expect(tree.status).toBe(400);
    expect(tree.body.error).toBe("invalid_scope");
  });

  it("refuses a wrong secret, an unknown client and a suspended app; nothing is issued", async () => {
    const before = await artifacts();
    expect((await tokenRequest(server, { ...app, clientSecret: "rs_wrong" }, { grant_type: "client_credentials" })).body.error).toBe(
      "invalid_client",
    );
    expect((await tokenRequest(server, { ...app, clientId: "app_unknownunknown00" }, { grant_type: "client_credentials" })).status).toBe(
      401,
    );
    expect(await artifacts()).toBe(before);
  });

  it("keeps app tokens to the root fields open to their scopes", async () => {
    const t = await tokenRequest(server, app, { grant_type: "client_credentials", scope: "public:read" });
    const token = t.body.access_token;
    const villages = await asApp(server, token, `{ villages(first: 2) { edges { node { id name } } } }`);
    expect(villages.errors).toBeUndefined();
    // Closed to apps: money, accounts, staff work.
    for (const q of [`{ wallet { __typename } }`, `{ viewer { __typename } }`, `{ mySessions { __typename } }`, `{ partnerApps { id } }`]) {
      const r = await asApp(server, token, q);
      expect(r.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect(r.data ?? null).toBeNull();
    }
    const closed = await server.gql<any>(`{ wallet { __typename } }`, {}, { token, language: "fr" });
    expect(closed.errors?.[0]?.message).toBe(
      "Les applications ne peuvent pas utiliser « wallet » : ce champ est réservé aux membres sur Roots.",
    );
    // Open, but to another scope.
    const roots = await asApp(server, token, `{ myRoots { village { id } } }`);
    expect(roots.errors?.[0]?.message).toBe("“myRoots” needs the scope tree:read, which this token was not granted.");
    // Through a fragment at the root, and as a mutation: the same rule.
    const sneaky = await asApp(server, token, `query { ...F } fragment F on Query { wallet { __typename } }`);
    expect(sneaky.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const write = await asApp(
      server,
      token,
      `mutation { registerApp(input: { name: "x", redirectUris: [], scopes: ["public:read"] }) { clientSecret } }`,
    );
    expect(write.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});

describe("the code flow with the member's consent", () => {
  it("shows the app and scopes, then gives tokens that read the member's tree as they see it", async () => {
    const { verifier, challenge } = pkce();
    const { code, redirect, details } = await consentFlow(server, app, member, { challenge, state: "abc" });
    expect(details).toEqual({
      app: { name: "Cedar Genealogy", clientId: app.clientId, owner: "Dev Partner" },
      scopes: ["public:read", "tree:read", "profile:read"],
      redirectUri: REDIRECT,
    });
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT);
    expect(redirect.searchParams.get("state")).toBe("abc");
    const t = await tokenRequest(server, app, {
      grant_type: "authorization_code",
      code: code!,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    expect(t.status).toBe(200);
    expect(t.body.expires_in).toBe(3600);
    expect(t.body.refresh_token).toEqual(expect.any(String));
    const token = t.body.access_token;
    // The member's living relative, as the member sees it.
    expect((await asApp(server, token, PERSON, { id: livingId })).data.person).toMatchObject({
      isPrivate: false,
      displayName: "Karim Haddad",
    });
    expect((await asApp(server, token, `{ appProfile { displayName language } }`)).data.appProfile).toEqual({
      displayName: "Maya Haddad",
      language: "ar",
    });
    // Still no money or account fields, though the member could.
    expect((await asApp(server, token, `{ wallet { __typename } }`)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    // The member was told, and sees the grant.
    const grants = await server.gql<any>(`{ myGrants { id scopes app { name clientId ownerName } } }`, {}, { token: member.token });
    expect(grants.data.myGrants).toEqual([
      {
        id: expect.any(String),
        scopes: ["public:read", "tree:read", "profile:read"],
        app: { name: "Cedar Genealogy", clientId: app.clientId, ownerName: "Dev Partner" },
      },
    ]);
    const [n]: any[] = await server.ds.query(
      `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind = 'partners.access_granted'`,
      [member.id],
    );
    expect(n.n).toBeGreaterThanOrEqual(1);
  });

  it("without a tree scope, gives the member's profile but a visitor's view of the tree", async () => {
    const t = await memberTokens(server, app, other, "public:read profile:read");
    expect(t.scope).toBe("public:read profile:read");
    expect((await asApp(server, t.access_token, PERSON, { id: livingId })).data.person.isPrivate).toBe(true);
    expect((await asApp(server, t.access_token, `{ appProfile { displayName } }`)).data.appProfile).toEqual({ displayName: "Test Member" });
  });

  it("refuses a missing, plain or wrong PKCE, an unregistered redirect URI and an ungranted scope", async () => {
    const base = { client_id: app.clientId, response_type: "code", redirect_uri: REDIRECT, scope: "public:read" };
    const missing = await authorize(server, base);
    expect(new URL(missing.location!).searchParams.get("error")).toBe("invalid_request");
    const plain = await authorize(server, { ...base, code_challenge: "a".repeat(43), code_challenge_method: "plain" });
    expect(new URL(plain.location!).searchParams.get("error")).toBe("invalid_request");
    const elsewhere = await authorize(server, {
      ...base,
      redirect_uri: "https://evil.example/cb",
      code_challenge: pkce().challenge,
      code_challenge_method: "S256",
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.location).toBeNull();
    expect(elsewhere.body.error).toBe("invalid_redirect_uri");
    const ungranted = await authorize(server, {
      ...base,
      scope: "public:read tree:import",
      code_challenge: pkce().challenge,
      code_challenge_method: "S256",
    });
    expect(new URL(ungranted.location!).searchParams.get("error")).toBe("invalid_scope");
    // The wrong verifier at the token endpoint.
    const { challenge } = pkce();
    const { code } = await consentFlow(server, app, member, { challenge });
    const wrong = await tokenRequest(server, app, {
      grant_type: "authorization_code",
      code: code!,
      redirect_uri: REDIRECT,
      code_verifier: pkce().verifier,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("invalid_grant");
  });

  it("lets the member decline: the app gets access_denied and no grant", async () => {
    const before = (await server.gql<any>(`{ myGrants { id } }`, {}, { token: other.token })).data.myGrants.length;
    const { code, redirect } = await consentFlow(server, app, other, { challenge: pkce().challenge, decision: "deny" });
    expect(code).toBeNull();
    expect(redirect.searchParams.get("error")).toBe("access_denied");
    expect((await server.gql<any>(`{ myGrants { id } }`, {}, { token: other.token })).data.myGrants).toHaveLength(before);
  });

  it("finishes a consent only in the browser that started it, for a signed-in member", async () => {
    const start = await authorize(server, {
      client_id: app.clientId,
      response_type: "code",
      redirect_uri: REDIRECT,
      scope: "public:read",
      code_challenge: pkce().challenge,
      code_challenge_method: "S256",
    });
    const consent = new URL(start.location!, server.url).pathname;
    // Another browser (no interaction cookie), even signed in: refused.
    const stranger = await fetch(`${server.url}${consent}/confirm`, {
      method: "POST",
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(stranger.status).toBe(404);
    // The right browser without a member: refused.
    const anonymous = await fetch(`${server.url}${consent}/confirm`, { method: "POST", headers: { cookie: start.jar.header() } });
    expect(anonymous.status).toBe(401);
  });
});

describe("replays and rotation", () => {
  it("a replayed code fails and revokes the tokens of its grant", async () => {
    const { verifier, challenge } = pkce();
    const { code } = await consentFlow(server, app, member, { challenge });
    const form = { grant_type: "authorization_code", code: code!, redirect_uri: REDIRECT, code_verifier: verifier };
    const first = await tokenRequest(server, app, form);
    expect(first.status).toBe(200);
    expect((await asApp(server, first.body.access_token, `{ appProfile { displayName } }`)).data.appProfile).not.toBeNull();
    const replay = await tokenRequest(server, app, form);
    expect(replay.body.error).toBe("invalid_grant");
    expect((await asApp(server, first.body.access_token, `{ appProfile { displayName } }`)).data.appProfile).toBeNull();
    expect((await tokenRequest(server, app, { grant_type: "refresh_token", refresh_token: first.body.refresh_token })).body.error).toBe(
      "invalid_grant",
    );
  });

  it("two exchanges of one code at once: at most one gets tokens, and then the grant's tokens fail", async () => {
    const { verifier, challenge } = pkce();
    const { code } = await consentFlow(server, app, member, { challenge });
    const form = { grant_type: "authorization_code", code: code!, redirect_uri: REDIRECT, code_verifier: verifier };
    const both = await Promise.all([tokenRequest(server, app, form), tokenRequest(server, app, form)]);
    const won = both.filter((r) => r.status === 200);
    expect(won.length).toBeLessThanOrEqual(1);
    expect(both.filter((r) => r.status !== 200).every((r) => r.body.error === "invalid_grant")).toBe(true);
    for (const w of won) expect((await asApp(server, w.body.access_token, `{ appProfile { displayName } }`)).data.appProfile).toBeNull();
  });

  it("refresh tokens rotate; a reused one revokes the grant", async () => {
    const t = await memberTokens(server, app, member);
    const next = await tokenRequest(server, app, { grant_type: "refresh_token", refresh_token: t.refresh_token });
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(t.refresh_token);
    expect((await asApp(server, next.body.access_token, `{ appProfile { displayName } }`)).data.appProfile).not.toBeNull();
    const reused = await tokenRequest(server, app, { grant_type: "refresh_token", refresh_token: t.refresh_token });
    expect(reused.body.error).toBe("invalid_grant");
    expect((await asApp(server, next.body.access_token, `{ appProfile { displayName } }`)).data.appProfile).toBeNull();
    expect((await tokenRequest(server, app, { grant_type: "refresh_token", refresh_token: next.body.refresh_token })).body.error).toBe(
      "invalid_grant",
    );
  });

  it("revocation (RFC 7009) ends a token", async () => {
    const t = await memberTokens(server, app, member);
    const res = await fetch(`${server.url}/oauth/revoke`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString("base64")}`,
      },
      body: new URLSearchParams({ token: t.access_token, token_type_hint: "access_token" }).toString(),
    });
    expect(res.status).toBe(200);
    expect((await asApp(server, t.access_token, `{ appProfile { displayName } }`)).data.appProfile).toBeNull();
  });
});

describe("grants and suspension", () => {
  it("the member revokes a grant: its tokens fail at once", async () => {
    const t = await memberTokens(server, app, other, "public:read tree:read");
    const grants = (await server.gql<any>(`{ myGrants { id app { clientId } } }`, {}, { token: other.token })).data.myGrants;
    const mine = grants.find((g: any) => g.app.clientId === app.clientId);
    // Another member cannot revoke it.
    expect(
      (await server.gql<any>(`mutation ($id: ID!) { revokeGrant(id: $id) }`, { id: mine.id }, { token: member.token })).errors?.[0]
        ?.extensions?.code,
    ).toBe("NOT_FOUND");
    expect(
      (await server.gql<any>(`mutation ($id: ID!) { revokeGrant(id: $id) }`, { id: mine.id }, { token: other.token })).data.revokeGrant,
    ).toBe(true);
    expect((await asApp(server, t.access_token, `{ myRoots { village { id } } }`)).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect((await tokenRequest(server, app, { grant_type: "refresh_token", refresh_token: t.refresh_token })).body.error).toBe(
      "invalid_grant",
    );
  });

  it("a suspended app's tokens fail and it gets no new ones", async () => {
    const second = await approvedApp(server, developer, moderator, { name: "Second App" });
    const t = await memberTokens(server, second, member);
    const cc = await tokenRequest(server, second, { grant_type: "client_credentials", scope: "public:read" });
    const suspended = await server.gql<any>(
      `mutation ($id: ID!) { suspendApp(id: $id, reason: "Scraping living people") { state } }`,
      { id: second.id },
      {
        token: moderator.token,
      },
    );
    expect(suspended.data.suspendApp.state).toBe("SUSPENDED");
    expect((await asApp(server, t.access_token, `{ appProfile { displayName } }`)).data.appProfile).toBeNull();
    expect((await asApp(server, cc.body.access_token, `{ villages(first: 1) { edges { node { id } } } }`)).errors).toBeUndefined(); // a visitor now
    expect((await asApp(server, cc.body.access_token, `{ appProfile { displayName } }`)).data.appProfile).toBeNull();
    expect((await tokenRequest(server, second, { grant_type: "client_credentials" })).body.error).toBe("invalid_client");
    expect((await tokenRequest(server, second, { grant_type: "refresh_token", refresh_token: t.refresh_token })).body.error).toBe(
      "invalid_client",
    );
  });
});

describe("the server's clock", () => {
  it("ends access tokens after an hour and codes after a minute", async () => {
    const t = await memberTokens(server, app, member);
    clock.advance(3590_000);
    expect((await asApp(server, t.access_token, `{ appProfile { displayName } }`)).data.appProfile).not.toBeNull();
    clock.advance(20_000);
    expect((await asApp(server, t.access_token, `{ appProfile { displayName } }`)).data.appProfile).toBeNull();

    // Members' own sessions end sooner: a member who signs in now.
    const fresh = await buildUser(server.ds, { clock });
    const { verifier, challenge } = pkce();
    const { code } = await consentFlow(server, app, fresh, { challenge });
    clock.advance(61_000);
    const late = await tokenRequest(server, app, {
      grant_type: "authorization_code",
      code: code!,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    expect(late.body.error).toBe("invalid_grant");
  });

  it("ends a refresh token after 90 idle days; each use starts its 90 days again", async () => {
    const t = await memberTokens(server, app, await buildUser(server.ds, { clock }));
    clock.advance(80 * DAY);
    const used = await tokenRequest(server, app, { grant_type: "refresh_token", refresh_token: t.refresh_token });
    expect(used.status).toBe(200);
    clock.advance(80 * DAY);
    const again = await tokenRequest(server, app, { grant_type: "refresh_token", refresh_token: used.body.refresh_token });
    expect(again.status).toBe(200);
    clock.advance(91 * DAY);
    const idle = await tokenRequest(server, app, { grant_type: "refresh_token", refresh_token: again.body.refresh_token });
    expect(idle.body.error).toBe("invalid_grant");
  });

  it("sweeps what has expired every hour; grants stay until revoked", async () => {
    const expired = `SELECT count(*)::int AS n FROM oauth_artifacts WHERE expires_at < $1`;
    expect((await server.ds.query(expired, [clock.now()]))[0].n).toBeGreaterThan(0);
    await advanceAndRun(server, HOUR);
    expect((await server.ds.query(expired, [clock.now()]))[0].n).toBe(0);
    expect((await server.ds.query(`SELECT count(*)::int AS n FROM oauth_artifacts WHERE model = 'Grant'`))[0].n).toBeGreaterThan(0);
  });
});

async function artifacts(): Promise<number> {
  const [r]: any[] = await server.ds.query(`SELECT count(*)::int AS n FROM oauth_artifacts`);
  return r.n;
}
