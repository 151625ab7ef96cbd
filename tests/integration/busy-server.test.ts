import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import pg from "pg";
import type { QueryRunner } from "typeorm";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { gid } from "../support/genealogy.js";
import { startTestServer, wsOnce, type GqlResult, type TestServer } from "../support/server.js";

/**
 * A server too busy to answer says so: when its pool gives no connection in time, or a statement
 * runs past its timeout, the answer is SERVICE_UNAVAILABLE (HTTP 503 with Retry-After), with a
 * translated message, on HTTP and on the WebSocket alike; never an internal error. The server
 * here has one connection, which the test holds (no connection in time), or a table the test
 * locks (a statement that times out).
 */
const NODES = `query ($ids: [ID!]!) { ${Array.from({ length: 15 }, (_, i) => `a${i}: nodes(ids: $ids) { id ... on Village { name } }`).join(" ")} }`;
const BUSY = {
  en: "The site is very busy right now. Please try again in a few seconds.",
  fr: "Le site est très sollicité en ce moment. Réessayez dans quelques secondes.",
  ar: "الموقع مشغول جداً الآن. حاول مجدداً بعد بضع ثوانٍ.",
};

let server: TestServer;
let member: BuiltUser;
let ids: string[];
let held: QueryRunner | null = null;
let locker: pg.Client | null = null;

beforeAll(async () => {
  server = await startTestServer({}, { pool: { max: 1, connectTimeoutMs: 1000, statementTimeoutMs: 500 } });
  member = await buildUser(server.ds);
  const rows: { id: string }[] = await server.ds.query(
    `INSERT INTO villages (id, rootspace_id, name, slug)
     SELECT gen_random_uuid(), 'lb', 'Busy village ' || n, 'busy-village-' || n FROM generate_series(1, 100) n RETURNING id`,
  );
  ids = rows.map((r) => gid("Village", r.id));
});
afterEach(async () => {
  await held?.release();
  held = null;
  await locker?.end();
  locker = null;
});
afterAll(() => server.stop());

/** Takes the pool's only connection: every query of the server now waits for it, then fails. */
async function holdThePool(): Promise<void> {
  held = server.ds.createQueryRunner();
  await held.connect();
}

/** Locks the villages from another connection: a statement reading them runs into its timeout. */
async function lockVillages(): Promise<void> {
  locker = new pg.Client({ connectionString: server.databaseUrl });
  await locker.connect();
  await locker.query("BEGIN");
  await locker.query("LOCK TABLE villages IN ACCESS EXCLUSIVE MODE");
}

function expectBusy(res: GqlResult, language: keyof typeof BUSY = "en"): void {
  expect(res.status).toBe(503);
  expect(res.headers?.get("retry-after")).toMatch(/^\d+$/);
  expect(res.errors?.length).toBeGreaterThan(0);
  for (const e of res.errors!) {
    expect(e.extensions?.code).toBe("SERVICE_UNAVAILABLE");
    expect(e.message).toBe(BUSY[language]);
    expect(e.extensions?.retryAfterSeconds).toBe(Number(res.headers!.get("retry-after")));
  }
}

describe("a busy server over HTTP", () => {
  it("answers when it is not busy", async () => {
    const res = await server.gql<Record<string, { name: string }[]>>(
      `query ($ids: [ID!]!) { a0: nodes(ids: $ids) { ... on Village { name } } }`,
      {
        ids: ids.slice(0, 3),
      },
    );
    expect(res.status).toBe(200);
    expect(res.data!.a0).toHaveLength(3);
  });

  it("with no pool connection in time: SERVICE_UNAVAILABLE, 503 and Retry-After, in the reader's language", async () => {
    await holdThePool();
    expectBusy(await server.gql(NODES, { ids }));
    expectBusy(await server.gql(NODES, { ids }, { language: "fr" }), "fr");
    expectBusy(await server.gql(`{ viewer { id } }`, {}, { token: member.token, language: "ar" }), "ar");
  });

  it("with a statement past its timeout: the same", async () => {
    await lockVillages();
    expectBusy(await server.gql(NODES, { ids }));
  });

  it("answers again once the load is gone", async () => {
    const res = await server.gql<Record<string, { name: string }[]>>(NODES, { ids: ids.slice(0, 2) });
    expect(res.status).toBe(200);
    expect(res.data!.a14.map((v) => v.name)).toHaveLength(2);
  });

  it("an HTTP route says it too: 503, Retry-After and the reason translated", async () => {
    await holdThePool();
    const res = await fetch(`${server.url}/api/exports/tree?scope=mine`, {
      headers: { authorization: `Bearer ${member.token}`, "accept-language": "fr" },
    });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await res.json()).toEqual({ error: "errors.service_unavailable", message: BUSY.fr });
  });

  it("so does the CSP report route, which anyone may post to", async () => {
    await holdThePool();
    const res = await fetch(`${server.url}/csp-report`, {
      method: "POST",
      headers: { "content-type": "application/csp-report", "accept-language": "fr" },
      body: JSON.stringify({ "csp-report": { "document-uri": "https://roots.example/", "violated-directive": "script-src" } }),
    });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await res.json()).toEqual({ error: "errors.service_unavailable", message: BUSY.fr });
  });
});

describe("a busy server over the WebSocket", () => {
  it("with no pool connection in time, the operation gets SERVICE_UNAVAILABLE", async () => {
    await holdThePool();
    const ws = server.ws({ language: "fr" });
    try {
      const res = await wsOnce(ws, NODES, { ids });
      expect(res.errors?.[0]).toMatchObject({
        message: BUSY.fr,
        extensions: { code: "SERVICE_UNAVAILABLE", retryAfterSeconds: expect.any(Number) },
      });
    } finally {
      await ws.dispose();
    }
  });

  it("with a statement past its timeout, the same", async () => {
    await lockVillages();
    const ws = server.ws();
    try {
      const res = await wsOnce(ws, NODES, { ids: ids.slice(0, 2) });
      expect(res.errors?.length).toBeGreaterThan(0);
      for (const e of res.errors!) expect(e).toMatchObject({ message: BUSY.en, extensions: { code: "SERVICE_UNAVAILABLE" } });
    } finally {
      await ws.dispose();
    }
  });
});
