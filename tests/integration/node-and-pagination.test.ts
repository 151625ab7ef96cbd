import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { buildRootspaces } from "../factories/rootspaces.js";
import { startTestServer, type TestServer } from "../support/server.js";

type Page = {
  rootspaces: {
    totalCount: number;
    edges: { cursor: string; node: { id: string; slug: string } }[];
    pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  };
};
const PAGE = `query ($first: Int, $after: String) { rootspaces(first: $first, after: $after) {
  totalCount edges { cursor node { id slug } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await buildRootspaces(server.ds, 24, { prefix: "page" }); // 25 with Lebanon
});
afterAll(() => server.stop());

describe("node(id)", () => {
  it("round-trips a global id to the same rootspace", async () => {
    const first = await server.gql<{ rootspace: { id: string } }>(`{ rootspace(slug: "lebanon") { id } }`);
    const id = first.data!.rootspace.id;
    expect(id).not.toContain("lb"); // opaque, not the database id
    const res = await server.gql<{ node: { __typename: string; id: string; slug: string } }>(
      `query ($id: ID!) { node(id: $id) { __typename id ... on Rootspace { slug } } }`,
      { id },
    );
    expect(res.data!.node).toEqual({ __typename: "Rootspace", id, slug: "lebanon" });
  });

  it("answers null for a well-formed id that matches nothing", async () => {
    const ghost = Buffer.from("Rootspace:nowhere").toString("base64url");
    const unknownType = Buffer.from("Spaceship:1").toString("base64url");
    const res = await server.gql<{ a: null; b: null }>(`query ($a: ID!, $b: ID!) { a: node(id: $a) { id } b: node(id: $b) { id } }`, {
      a: ghost,
      b: unknownType,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ a: null, b: null });
  });

  it("a malformed id is BAD_USER_INPUT", async () => {
    const res = await server.gql(`{ node(id: "%%%") { id } }`);
    expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("nodes(ids) keeps order and caps the batch at 100", async () => {
    const page = await server.gql<Page>(PAGE, { first: 3 });
    const ids = page.data!.rootspaces.edges.map((e) => e.node.id).reverse();
    const res = await server.gql<{ nodes: { id: string }[] }>(`query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids });
    expect(res.data!.nodes.map((n) => n.id)).toEqual(ids);
    const tooMany = await server.gql(`query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids: Array(101).fill(ids[0]) });
    expect(tooMany.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
  });
});

describe("connections", () => {
  it("walks every page with first/after, without gaps or repeats", async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const res: { data?: Page | null } = await server.gql<Page>(PAGE, { first: 10, after });
      const conn = res.data!.rootspaces;
      expect(conn.totalCount).toBe(25);
      seen.push(...conn.edges.map((e) => e.node.slug));
      pages++;
      expect(conn.pageInfo.hasPreviousPage).toBe(after !== null);
      if (!conn.pageInfo.hasNextPage) break;
      after = conn.pageInfo.endCursor;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect([...seen].sort()).toEqual(seen);
  });

  it("first: 0 gives no edges but the count", async () => {
    const res = await server.gql<Page>(PAGE, { first: 0 });
    expect(res.data!.rootspaces.edges).toEqual([]);
    expect(res.data!.rootspaces.totalCount).toBe(25);
    expect(res.data!.rootspaces.pageInfo.endCursor).toBeNull();
  });

  it("an exact last page says there is no next page", async () => {
    const res = await server.gql<Page>(PAGE, { first: 25 });
    expect(res.data!.rootspaces.edges).toHaveLength(25);
    expect(res.data!.rootspaces.pageInfo.hasNextPage).toBe(false);
  });

  it("refuses more than 100 per page and negative sizes", async () => {
    for (const first of [101, -1]) {
      const res = await server.gql(PAGE, { first });
      expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
      expect(res.data ?? null).toBeNull();
    }
    const ok = await server.gql<Page>(PAGE, { first: 100 });
    expect(ok.data!.rootspaces.edges).toHaveLength(25);
  });

  it("refuses a forged cursor", async () => {
    const res = await server.gql(PAGE, { first: 5, after: "not-a-cursor" });
    expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(res.errors?.[0].message).toBe("This page cursor is not valid.");
  });
});
