import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser } from "../factories/users.js";
import { REDIS_URL, requireRedis } from "../support/redis.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * A client's cost budget per minute is one budget behind any number of instances: two servers on
 * one database share it in PostgreSQL, two servers with REDIS_URL share it in Redis. Requests sent
 * to both in turn, and many at once, never spend more than the budget between them.
 */
const BUDGET = { GRAPHQL_COST_PER_MINUTE: "100", TRUST_PROXY: "1" };
const Q = `{ villages(first: 10) { edges { node { slug name nameAr } } } }`; // 1 + 10 × (1 + 1 + 0.3) = 24: four fit in 100
const code = (res: { errors?: { extensions?: { code?: string } }[] }) => res.errors?.[0]?.extensions?.code;
/** An address of its own for each test and run (Redis keeps the budgets of earlier runs for their minute). */
const address = () => `198.51.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

function sharedBudgetTests(servers: () => [TestServer, TestServer]) {
  it("refuses a visitor past the budget whichever instance each request reaches, with when to retry", async () => {
    const [a, b] = servers();
    const from = { headers: { "x-forwarded-for": address() } };
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < 6; i++) answers.push(code(await [a, b][i % 2].gql(Q, {}, from)));
    expect(answers).toEqual([undefined, undefined, undefined, undefined, "RATE_LIMITED", "RATE_LIMITED"]);
    const refused = await b.gql(Q, {}, from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers?.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.errors![0].extensions?.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("lets exactly the budget through when many requests come at once to both instances", async () => {
    const [a, b] = servers();
    const member = await buildUser(a.ds, { roles: [{ role: Role.MEMBER }] });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => [a, b][i % 2].gql(Q, {}, { token: member.token })));
    expect(answers.filter((r) => !r.errors)).toHaveLength(4);
    expect(answers.filter((r) => code(r) === "RATE_LIMITED")).toHaveLength(8);
    // Another client has a budget of its own.
    expect(code(await a.gql(Q, {}, { headers: { "x-forwarded-for": address() } }))).toBeUndefined();
  });
}

describe("a client's cost budget shared in PostgreSQL (no REDIS_URL)", () => {
  let a: TestServer | undefined;
  let b: TestServer | undefined;
  beforeAll(async () => {
    a = await startTestServer(BUDGET);
    b = await startTestServer(BUDGET, { shareDatabaseWith: a });
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });
  sharedBudgetTests(() => [a!, b!]);

  it("keeps one row per client, charged in place", async () => {
    const from = { headers: { "x-forwarded-for": address() } };
    for (let i = 0; i < 3; i++) expect(code(await [a!, b!][i % 2].gql(Q, {}, from))).toBeUndefined();
    const rows: { spent: number }[] = await a!.ds.query(`SELECT spent FROM client_cost_budgets WHERE key = $1`, [
      `ip:${from.headers["x-forwarded-for"]}`,
    ]);
    expect(rows).toEqual([{ spent: 72 }]);
  });
});

describe("a client's cost budget shared in Redis (REDIS_URL)", () => {
  let a: TestServer | undefined;
  let b: TestServer | undefined;
  beforeAll(async () => {
    await requireRedis();
    a = await startTestServer({ ...BUDGET, REDIS_URL });
    b = await startTestServer({ ...BUDGET, REDIS_URL }, { shareDatabaseWith: a });
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });
  sharedBudgetTests(() => [a!, b!]);

  it("keeps nothing in PostgreSQL", async () => {
    await a!.gql(Q, {}, { headers: { "x-forwarded-for": address() } });
    expect(await a!.ds.query(`SELECT key FROM client_cost_budgets`)).toEqual([]);
  });
});
