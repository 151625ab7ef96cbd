import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { startTestServer, type TestServer } from "../support/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe("bad GraphQL requests", () => {
  it("malformed GraphQL is a 400 with GRAPHQL_PARSE_FAILED", async () => {
    const res = await server.gql(`{ rootspaces { `);
    expect(res.status).toBe(400);
    expect(res.errors?.[0].extensions?.code).toBe("GRAPHQL_PARSE_FAILED");
  });

  it("unknown fields are a 400 with GRAPHQL_VALIDATION_FAILED", async () => {
    const res = await server.gql(`{ rootspaces { nonsense } }`);
    expect(res.status).toBe(400);
    expect(res.errors?.[0].extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
  });

  it("a variable of the wrong type is BAD_USER_INPUT", async () => {
    const res = await server.gql(`query ($first: Int) { rootspaces(first: $first) { totalCount } }`, { first: "ten" });
    expect(res.status).toBe(400);
    expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("a body that is not JSON is refused with a 400", async () => {
    const res = await fetch(`${server.url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: "{oops" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "bad_request" });
  });

  it("an oversized body is refused", async () => {
    const res = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __typename }", variables: { pad: "x".repeat(2 * 1024 * 1024) } }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "payload_too_large" });
  });

  it("keeps serving after all of the above", async () => {
    const res = await server.gql<{ rootspace: { slug: string } }>(`{ rootspace(slug: "lebanon") { slug } }`);
    expect(res.data?.rootspace.slug).toBe("lebanon");
  });

  it("never leaks internals: messages are translated and carry a code", async () => {
    const res = await server.gql(`{ rootspace(slug: "nowhere") { id } }`, {}, { language: "ar" });
    expect(JSON.stringify(res)).not.toMatch(/stack|at .*\.ts/);
    expect(res.errors?.[0]).toMatchObject({ message: "غير موجود.", extensions: { code: "NOT_FOUND", key: "errors.not_found" } });
  });
});

describe("GET /health", () => {
  it("answers JSON with a real database round trip", async () => {
    const res = await fetch(`${server.url}/health`, { headers: { accept: "application/json" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as { status: string; database: { status: string; latencyMs: number; version?: string } };
    expect(body.status).toBe("ok");
    expect(body.database.status).toBe("up");
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(body.database.version).toBeUndefined(); // the engine version is not told to the public
  });

  it("answers 503 when its database is gone, and the server keeps serving", async () => {
    const doomed = await startTestServer();
    try {
      const dbName = ((await doomed.ds.query("SELECT current_database() AS d")) as { d: string }[])[0].d;
      const admin = await startTestServer();
      await admin.ds.query(`DROP DATABASE "${dbName}" WITH (FORCE)`);
      await admin.stop();
      const res = await fetch(`${doomed.url}/health`, { headers: { accept: "application/json" } });
      expect(res.status).toBe(503);
      expect((await res.json()) as { status: string; database: { status: string } }).toMatchObject({
        status: "degraded",
        database: { status: "down" },
      });
      const again = await fetch(`${doomed.url}/health`, { headers: { accept: "application/json" } });
      expect(again.status).toBe(503);
    } finally {
      await doomed.stop();
    }
  });
});
