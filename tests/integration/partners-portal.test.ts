/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { getIntrospectionQuery } from "graphql";
import { changelog } from "../../server/src/app/developer-docs.js";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { HOUR, TestClock } from "../support/clock.js";
import { approvedApp, asApp } from "../support/partners.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * The developer portal's facts (issue 40): the SDL with its scopes, the changelog from the schema
 * releases, the limits; the explorer's token; and the wider security policy on the explorer's page only.
 */
let server: TestServer;
let clock: TestClock;
let developer: BuiltUser, moderator: BuiltUser;

const MINT = `mutation ($id: ID!) { explorerToken(appId: $id) { token expiresAt scopes } }`;

beforeAll(async () => {
  clock = new TestClock();
  server = await startTestServer({ PARTNER_POINTS_PER_HOUR: "7000" }, { clock });
  [developer, moderator] = await Promise.all([
    buildUser(server.ds, { clock }),
    buildUser(server.ds, { clock, roles: [{ role: Role.MODERATOR }] }),
  ]);
});
afterAll(() => server.stop());

describe("public facts", () => {
  it("serves the SDL with the scopes printed on the fields open to apps", async () => {
    const res = await fetch(`${server.url}/api/schema.graphql`);
    expect(res.status).toBe(200);
    const sdl = await res.text();
    expect(sdl).toMatch(/villages\([\s\S]*?\): VillageConnection! @scope\(requires: "public:read"\)/);
    expect(sdl).toMatch(/myRoots: \[RootVillage!\]!.* @scope\(requires: "tree:read"\)/);
  });

  it("lists the schema releases with their changes, newest first", async () => {
    const res = await fetch(`${server.url}/api/schema/changelog.json`);
    const { releases } = (await res.json()) as any;
    expect(releases.length).toBeGreaterThan(0);
    expect(releases.at(-1)).toEqual({ date: "2026-12-02", changes: [] });
  });

  it("says the limits as configured", async () => {
    const limits: any = await (await fetch(`${server.url}/api/developers/limits`)).json();
    expect(limits).toMatchObject({ pointsPerHour: 7000, routeCost: 1000, accessTokenSeconds: 3600, codeSeconds: 60, refreshIdleDays: 90 });
  });

  it("names each change of a release and how it breaks", async () => {
    const log = await changelog([
      { date: "2026-01-01", sdl: "type Query { a: Int, b: String }" },
      { date: "2026-06-01", sdl: 'type Query { a: Int @deprecated(reason: "gone after 2026-12-01"), c: Int }' },
    ]);
    expect(log.map((r) => r.date)).toEqual(["2026-06-01", "2026-01-01"]);
    const levels = Object.fromEntries(log[0].changes.map((c) => [c.path, c.criticality]));
    expect(levels).toMatchObject({ "Query.b": "BREAKING", "Query.c": "NON_BREAKING" });
  });
});

describe("the explorer", () => {
  it("mints an hour-long token of the developer's own approved app, acting for them", async () => {
    const app = await approvedApp(server, developer, moderator, { scopes: ["public:read", "profile:read"] });
    const r = await server.gql<any>(MINT, { id: app.id }, { token: developer.token });
    expect(r.errors).toBeUndefined();
    const { token, expiresAt, scopes } = r.data.explorerToken;
    expect(scopes).toEqual(["public:read", "profile:read"]);
    expect(new Date(expiresAt).getTime() - clock.now().getTime()).toBe(HOUR);
    const who = await asApp(server, token, `{ appProfile { id } rateLimit { limit } }`);
    expect(who.errors).toBeUndefined();
    expect(who.data.appProfile.id).toBeTruthy();
    expect(who.data.rateLimit.limit).toBe(7000);
    // Still an app token: closed fields stay closed.
    const closed = await asApp(server, token, `{ wallet { available } }`);
    expect(closed.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    // GraphiQL introspects on start: an app pays a flat 100 points for it, not the query's size.
    const left = async () => (await asApp(server, token, `{ rateLimit { remaining } }`)).data.rateLimit.remaining as number;
    const [r1, r2] = [await left(), await left()];
    const schema = await asApp(server, token, getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }));
    expect(schema.errors).toBeUndefined();
    expect(r2 - (await left()) - (r1 - r2)).toBe(100);
    clock.advance(HOUR + 1000);
    const late = await asApp(server, token, `{ rateLimit { limit } }`);
    expect(late.data.rateLimit).toBeNull();
  });

  it("refuses another member's app, and one not yet approved", async () => {
    const mine = await buildUser(server.ds, { clock });
    const app = await approvedApp(server, mine, await buildUser(server.ds, { clock, roles: [{ role: Role.MODERATOR }] }));
    const stranger = await buildUser(server.ds, { clock });
    expect((await server.gql<any>(MINT, { id: app.id }, { token: stranger.token })).errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const pending = await server.gql<any>(
      `mutation ($input: RegisterAppInput!) { registerApp(input: $input) { app { id } } }`,
      { input: { name: "Waiting App", redirectUris: [], scopes: ["public:read"] } },
      { token: mine.token },
    );
    const r = await server.gql<any>(MINT, { id: pending.data.registerApp.app.id }, { token: mine.token, language: "fr" });
    expect(r.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(r.errors?.[0].message).toMatch(/approuvée/);
  });

  it("widens the security policy on the explorer's page only", async () => {
    const explorer = (await fetch(`${server.url}/developers/explorer`)).headers.get("content-security-policy")!;
    expect(explorer).toMatch(/style-src 'self' 'unsafe-inline'/);
    expect(explorer).toMatch(/worker-src 'self' blob:/);
    const portal = (await fetch(`${server.url}/developers`)).headers.get("content-security-policy")!;
    expect(portal).toMatch(/style-src 'self'(;|$)/);
    expect(portal).not.toMatch(/unsafe-inline|worker-src/);
  });
});
