import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { getIntrospectionQuery } from "graphql";
import { Role } from "../../server/src/common/auth/roles.js";
import { toGlobalId } from "../../server/src/common/global-id.js";
import { buildUser } from "../factories/users.js";
import { startTestServer, wsOnce, type GqlResult, type TestServer } from "../support/server.js";

/** Cost limits count what variables ask for; a client's spending per minute and a response's size are bounded. */
let server: TestServer;
let villageIds: string[];
beforeAll(async () => {
  server = await startTestServer({ GRAPHQL_COST_PER_MINUTE: "0" });
  await server.ds.query(
    `INSERT INTO villages (id, rootspace_id, name, slug, latitude, longitude, district)
     SELECT gen_random_uuid(), 'lb', 'Cost Village ' || i, 'cost-village-' || i, 33.8, 35.5, 'Zahle' FROM generate_series(1, 120) i`,
  );
  villageIds = (await server.ds.query(`SELECT id FROM villages ORDER BY slug LIMIT 100`)).map((r: { id: string }) =>
    toGlobalId("Village", r.id),
  );
});
afterAll(() => server.stop());

const code = (r: GqlResult) => r.errors?.[0]?.extensions?.code;
/** The probe's request: 15 aliases of nodes(ids: $ids) over 100 villages, with their landmarks, events and registers. */
const PROBE = `query P($ids: [ID!]!) { ${Array.from({ length: 15 }, (_, i) => `a${i}: nodes(ids: $ids) { ... on Village { slug name nameAr landmarks { name type } events { title } registrySummary { country count } } }`).join(" ")} }`;

describe("the cost of an operation", () => {
  it("counts list arguments given as variables: the probe's 7.6 KB request is refused, in the reader's language, not as a syntax error", async () => {
    const res = await server.gql(PROBE, { ids: villageIds }, { language: "fr" });
    expect(res.status).toBe(400);
    expect(code(res)).toBe("GRAPHQL_VALIDATION_FAILED");
    expect(res.errors![0].message).toMatch(/^Cette requête demande trop à la fois \(coût [\d\s\u202f]+, limite 10[\s\u202f]000\)/);
    expect(res.errors![0].message).not.toMatch(/Syntax Error/);
    expect(res.data ?? null).toBeNull();
  });

  it("grows with the variable's size: one id is cheap, a hundred are not", async () => {
    const village = `... on Village { slug events { title description } landmarks { name nameAr description } registrySummary { country count } }`;
    const one = `query($ids: [ID!]!) { ${Array.from({ length: 10 }, (_, i) => `a${i}: nodes(ids: $ids) { ${village} }`).join(" ")} }`;
    expect((await server.gql(one, { ids: villageIds.slice(0, 1) })).errors).toBeUndefined();
    expect(code(await server.gql(one, { ids: villageIds }))).toBe("GRAPHQL_VALIDATION_FAILED");
    const page = `query($n: Int) { ${Array.from({ length: 15 }, (_, i) => `a${i}: villages(first: $n) { edges { node { slug events { title description } landmarks { name } registrySummary { country } } } }`).join(" ")} }`;
    expect((await server.gql(page, { n: 5 })).errors).toBeUndefined();
    expect(code(await server.gql(page, { n: 100 }))).toBe("GRAPHQL_VALIDATION_FAILED");
  });

  it("counts a list's declared size: villagePoints under aliases is refused before it makes megabytes", async () => {
    expect((await server.gql(`{ villagePoints { slug lat lng } }`)).errors).toBeUndefined();
    const aliased = `{ ${Array.from({ length: 15 }, (_, i) => `p${i}: villagePoints { slug lat lng }`).join(" ")} }`;
    expect(code(await server.gql(aliased))).toBe("GRAPHQL_VALIDATION_FAILED");
  });

  it("bounds introspection too: the standard introspection query works, a nested one does not", async () => {
    const standard = await server.gql<{ __schema: { types: unknown[] } }>(getIntrospectionQuery());
    expect(standard.errors).toBeUndefined();
    expect(standard.data!.__schema.types.length).toBeGreaterThan(50);
    // Wide rather than deep (graphql-js refuses deep introspection on its own): every type's fields' arguments' types' fields, twice.
    const wide = `{ __schema { ${["a", "b"].map((a) => `${a}: types { fields { args { type { fields { args { type { fields { name } } } } } } } }`).join(" ")} } }`;
    const res = await server.gql(wide);
    expect(code(res)).toBe("GRAPHQL_VALIDATION_FAILED");
    expect(res.data ?? null).toBeNull();
  });

  it("is the same over WebSocket", async () => {
    const client = server.ws();
    try {
      expect(code(await wsOnce(client, PROBE, { ids: villageIds }))).toBe("GRAPHQL_VALIDATION_FAILED");
    } finally {
      await client.dispose();
    }
  });
});

describe("a client's cost budget per minute", () => {
  it("refuses a visitor, then a member, past the budget with when to retry; others are not affected", async () => {
    const budgeted = await startTestServer({ GRAPHQL_COST_PER_MINUTE: "100", TRUST_PROXY: "1" }, { shareDatabaseWith: server });
    try {
      const q = `{ villages(first: 10) { edges { node { slug name nameAr } } } }`; // 1 + 10 × (1 + 1 + 0.3) = 24
      const from = (ip: string) => ({ headers: { "x-forwarded-for": ip } });
      const answers: (string | undefined)[] = [];
      for (let i = 0; i < 6; i++) answers.push(code(await budgeted.gql(q, {}, from("198.51.100.20"))));
      expect(answers).toEqual([undefined, undefined, undefined, undefined, "RATE_LIMITED", "RATE_LIMITED"]);
      const refused = await budgeted.gql(q, {}, { ...from("198.51.100.20"), language: "ar" });
      expect(refused.status).toBe(429);
      expect(refused.errors![0].message).toBe("طلبتَ الكثير خلال الدقيقة الأخيرة. حاول مجدداً بعد دقيقة.");
      expect(refused.errors![0].extensions?.retryAfterSeconds).toBeGreaterThan(0);
      // Another address, and a member (counted by account, wherever they are), have their own budget.
      expect(code(await budgeted.gql(q, {}, from("198.51.100.21")))).toBeUndefined();
      const member = await buildUser(server.ds, { roles: [{ role: Role.MEMBER }] });
      expect(code(await budgeted.gql(q, {}, { ...from("198.51.100.20"), token: member.token }))).toBeUndefined();
    } finally {
      await budgeted.stop();
    }
  });
});

describe("the size of a response", () => {
  it("past the cap, the answer is an error saying so instead of the data", async () => {
    const capped = await startTestServer({ GRAPHQL_MAX_RESPONSE_BYTES: "5000" }, { shareDatabaseWith: server });
    try {
      const res = await capped.gql(`{ villages(first: 100) { edges { node { slug name nameAr nameFr district governorate } } } }`);
      expect(res.data ?? null).toBeNull();
      expect(code(res)).toBe("RESPONSE_TOO_LARGE");
      expect(res.errors![0].message).toBe("The answer would be larger than 5 kB. Ask for fewer items or fields at once.");
      expect(
        (await capped.gql<{ villages: { totalCount: number } }>(`{ villages(first: 1) { totalCount } }`)).data?.villages.totalCount,
      ).toBeGreaterThan(100);
    } finally {
      await capped.stop();
    }
  });
});
