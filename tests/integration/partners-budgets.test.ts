/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { HOUR, TestClock } from "../support/clock.js";
import { approvedApp, tokenRequest, type RegisteredApp } from "../support/partners.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * Partner apps' hourly budgets (issue 40): kept in PostgreSQL per app and hour, so two servers
 * share them; every answer says what it cost and what is left; an exhausted budget is refused
 * with RATE_LIMITED and Retry-After until the hour turns; concurrent requests never overspend.
 */
let a: TestServer, b: TestServer;
let clock: TestClock;
let developer: BuiltUser, moderator: BuiltUser, stranger: BuiltUser;
let app: RegisteredApp;
let token: string;

const VILLAGES = `{ villages(first: 5) { edges { node { id name } } } }`;
const post = async (server: TestServer, query: string, language = "en") => {
  const res = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "accept-language": language },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: (await res.json()) as any };
};

beforeAll(async () => {
  clock = new TestClock();
  // Set the clock to the start of an hour, so the test's requests all fall in one.
  clock.set(new Date(Math.ceil(clock.now().getTime() / HOUR) * HOUR + 60_000));
  a = await startTestServer({ PARTNER_POINTS_PER_HOUR: "200" }, { clock });
  b = await startTestServer({ PARTNER_POINTS_PER_HOUR: "200" }, { clock, shareDatabaseWith: a });
  [developer, moderator, stranger] = await Promise.all([
    buildUser(a.ds, { clock }),
    buildUser(a.ds, { clock, roles: [{ role: Role.MODERATOR }] }),
    buildUser(a.ds, { clock }),
  ]);
  app = await approvedApp(a, developer, moderator, { scopes: ["public:read"] });
  token = (await tokenRequest(a, app, { grant_type: "client_credentials", scope: "public:read" })).body.access_token;
});
afterAll(async () => {
  await b.stop();
  await a.stop();
});

describe("an app's hourly budget", () => {
  it("is shared by every server; each answer carries what it cost and what is left", async () => {
    const first = await post(a, VILLAGES);
    expect(first.body.errors).toBeUndefined();
    const cost = first.body.extensions.cost;
    expect(cost).toEqual({ requested: expect.any(Number), remaining: 200 - cost.requested, resetAt: expect.any(String) });
    expect(new Date(cost.resetAt).getTime() % HOUR).toBe(0);
    const second = await post(b, VILLAGES);
    expect(second.body.extensions.cost.remaining).toBe(200 - 2 * cost.requested);
    const limit = await post(a, `{ rateLimit { limit remaining resetAt } }`);
    expect(limit.body.data.rateLimit).toEqual({ limit: 200, remaining: expect.any(Number), resetAt: cost.resetAt });
  });

  it("refuses once spent, with Retry-After until the hour turns, in the reader's language; concurrent requests never overspend", async () => {
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => post(i % 2 ? a : b, VILLAGES, "fr")));
    const refused = burst.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    const r = refused[0];
    expect(r.body.errors[0].extensions.code).toBe("RATE_LIMITED");
    expect(Number(r.retryAfter)).toBeGreaterThan(0);
    expect(Number(r.retryAfter)).toBeLessThanOrEqual(3600);
    expect(r.body.errors[0].message).toMatch(/^Cette application a épuisé son budget d’API pour cette heure\./);
    expect(r.body.data ?? null).toBeNull();
    const [usage]: any[] = await a.ds.query(`SELECT spent, refused FROM partner_app_usage`);
    expect(Number(usage.spent)).toBeLessThanOrEqual(200);
    expect(usage.refused).toBeGreaterThanOrEqual(refused.length);
  });

  it("shows the developer and moderators the app's usage by hour; nobody else", async () => {
    const q = `query ($id: ID!) { appUsage(id: $id, hours: 48) { hour spent requests refused } }`;
    const mine = await a.gql<any>(q, { id: app.id }, { token: developer.token });
    expect(mine.data.appUsage).toEqual([
      { hour: expect.any(String), spent: expect.any(Number), requests: expect.any(Number), refused: expect.any(Number) },
    ]);
    expect(mine.data.appUsage[0].spent).toBeLessThanOrEqual(200);
    expect(mine.data.appUsage[0].refused).toBeGreaterThan(0);
    expect((await a.gql<any>(q, { id: app.id }, { token: moderator.token })).data.appUsage).toEqual(mine.data.appUsage);
    expect((await a.gql<any>(q, { id: app.id }, { token: stranger.token })).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });

  it("starts afresh when the hour turns", async () => {
    clock.advance(HOUR);
    // The old token has ended with its hour too: a new one.
    token = (await tokenRequest(a, app, { grant_type: "client_credentials", scope: "public:read" })).body.access_token;
    const fresh = await post(b, VILLAGES);
    expect(fresh.body.errors).toBeUndefined();
    expect(fresh.body.extensions.cost.remaining).toBe(200 - fresh.body.extensions.cost.requested);
  });

  it("is set per app by moderators only (audited), within bounds, and applies at once", async () => {
    const SET = `mutation ($id: ID!, $p: Int) { setAppBudget(id: $id, pointsPerHour: $p) { budgetPerHour } }`;
    // The hour turned above: the sessions made at the start have ended.
    const [member, staff] = await Promise.all([buildUser(a.ds, { clock }), buildUser(a.ds, { clock, roles: [{ role: Role.MODERATOR }] })]);
    const byDeveloper = await a.gql<any>(SET, { id: app.id, p: 10_000 }, { token: member.token });
    expect(byDeveloper.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    for (const p of [0, -5, 100_000_001]) {
      const bad = await a.gql<any>(SET, { id: app.id, p }, { token: staff.token, language: "ar" });
      expect(bad.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
      expect(bad.errors?.[0].message).toMatch(/[\u0600-\u06FF]/);
    }
    const set = await a.gql<any>(SET, { id: app.id, p: 5_000 }, { token: staff.token });
    expect(set.data.setAppBudget.budgetPerHour).toBe(5_000);
    const limit = await post(b, `{ rateLimit { limit } }`);
    expect(limit.body.data.rateLimit.limit).toBe(5_000);
    const [entry] = await a.ds.query(`SELECT action, after FROM audit_logs WHERE table_name = 'partner_apps' AND action = 'set_budget'`);
    expect(entry.after).toEqual({ budgetPerHour: 5_000 });
    const reset = await a.gql<any>(SET, { id: app.id, p: null }, { token: staff.token });
    expect(reset.data.setAppBudget.budgetPerHour).toBeNull();
    expect((await post(a, `{ rateLimit { limit } }`)).body.data.rateLimit.limit).toBe(200);
  });
});
