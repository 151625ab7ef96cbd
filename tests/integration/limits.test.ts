import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { startTestServer, wsOnce, type TestServer } from "../support/server.js";

// Small limits so real, valid queries of today's schema cross them.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ GRAPHQL_MAX_DEPTH: "3", GRAPHQL_MAX_ALIASES: "3", GRAPHQL_MAX_COST: "15", GRAPHQL_MAX_TOKENS: "150" });
});
afterAll(() => server.stop());

const DEEP = `{ rootspaces { edges { node { slug } } } }`; // depth 4
const SHALLOW = `{ rootspace(slug: "lebanon") { slug } }`;
const ALIASES = `{ a: rootspace(slug: "lebanon") { slug } b: rootspace(slug: "lebanon") { slug } c: rootspace(slug: "lebanon") { slug } d: rootspace(slug: "lebanon") { slug } }`;
const COSTLY = `{ villagePoints { slug lat lng } }`; // depth 2, but every village: 1 + 4,000 × 0.3
const HUGE = `{ ${Array.from({ length: 200 }, () => "__typename").join(" ")} }`;

const expectRefused = (res: { errors?: { message: string; extensions?: { code?: string } }[]; data?: unknown }, pattern: RegExp) => {
  expect(res.data ?? null).toBeNull();
  expect(res.errors?.some((e) => pattern.test(e.message))).toBe(true);
  expect(res.errors?.every((e) => typeof e.extensions?.code === "string")).toBe(true);
};

describe("query limits over HTTP", () => {
  it("allows a query within every limit", async () => {
    const res = await server.gql<{ rootspace: { slug: string } }>(SHALLOW);
    expect(res.data?.rootspace.slug).toBe("lebanon");
  });

  it("refuses a query deeper than the limit", async () => {
    const res = await server.gql(DEEP);
    expect(res.status).toBe(400);
    expectRefused(res, /depth/i);
  });

  it("refuses too many aliases", async () => {
    expectRefused(await server.gql(ALIASES), /alias/i);
  });

  it("refuses a query over the cost limit", async () => {
    expectRefused(await server.gql(COSTLY), /cost/i);
  });

  it("refuses a document with too many tokens before validating it", async () => {
    const res = await server.gql(HUGE);
    expect(res.status).toBe(400);
    expectRefused(res, /tokens/i);
  });

  it("counts a fragment as if it were written inline (depth and cost)", async () => {
    const inline = `{ rootspace(slug: "lebanon") { slug name } }`;
    const withFragment = `query { rootspace(slug: "lebanon") { ...R } } fragment R on Rootspace { slug name }`;
    expect((await server.gql<{ rootspace: { slug: string } }>(inline)).data?.rootspace.slug).toBe("lebanon");
    expect((await server.gql<{ rootspace: { slug: string } }>(withFragment)).data?.rootspace.slug).toBe("lebanon");
    // …and a fragment is no way around the limits either.
    const deepFragment = `query { rootspaces { ...C } } fragment C on RootspaceConnection { edges { node { slug } } }`;
    expectRefused(await server.gql(deepFragment), /depth/i);
  });

  it("keeps serving after refusals", async () => {
    const res = await server.gql<{ rootspace: { slug: string } }>(SHALLOW);
    expect(res.data?.rootspace.slug).toBe("lebanon");
  });
});

describe("query limits over WebSocket", () => {
  it("apply the same limits as HTTP", async () => {
    const client = server.ws();
    try {
      const ok = await wsOnce<{ rootspace: { slug: string } }>(client, SHALLOW);
      expect(ok.data?.rootspace.slug).toBe("lebanon");
      expectRefused(await wsOnce(client, DEEP), /depth/i);
      expectRefused(await wsOnce(client, ALIASES), /alias/i);
      expectRefused(await wsOnce(client, COSTLY), /cost/i);
      expectRefused(await wsOnce(client, HUGE), /tokens/i);
      const again = await wsOnce<{ rootspace: { slug: string } }>(client, SHALLOW);
      expect(again.data?.rootspace.slug).toBe("lebanon");
    } finally {
      await client.dispose();
    }
  });
});
