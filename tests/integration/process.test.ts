import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { loadConfig } from "../../server/src/config.js";
import { createDataSource } from "../../server/src/db/data-source.js";
import { createSession } from "../../server/src/modules/accounts/sessions.service.js";
import { createTestDatabase } from "../support/database.js";
import { exited, startMain } from "../support/main-process.js";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe("server process", () => {
  it("a bad configuration value stops the server with a clear message", async () => {
    const { child, output } = startMain({ DATABASE_URL: "mysql://nope", PORT: "seventy" });
    const code = await exited(child);
    expect(code).toBe(78);
    expect(output()).toContain("Invalid configuration");
    expect(output()).toContain("PORT");
    expect(output()).toContain("DATABASE_URL: must be a postgres:// or postgresql:// URL");
  });

  it("starts on DATABASE_URL, serves, and shuts down gracefully on SIGTERM (HTTP and WebSocket drained)", async () => {
    const { child, ready } = startMain({ DATABASE_URL: db.url, PORT: "0", HOST: "127.0.0.1", SEED_DEMO: "true" });
    const port = await ready;
    const health = await fetch(`http://127.0.0.1:${port}/health`, { headers: { accept: "application/json" } });
    expect(health.status).toBe(200);
    const seeded: { n: string }[] = await (async () => {
      const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: "{ rootspaces { totalCount } }" }),
      });
      const body = (await res.json()) as { data: { rootspaces: { totalCount: number } } };
      return [{ n: String(body.data.rootspaces.totalCount) }];
    })();
    expect(seeded[0].n).toBe("1");

    const ws = createClient({ url: `ws://127.0.0.1:${port}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0 });
    const closed = new Promise<void>((resolve) => {
      ws.subscribe(
        { query: "subscription { rootspaceUpdated { slug } }" },
        { next: () => undefined, error: () => resolve(), complete: () => resolve() },
      );
    });
    // A member's preview of Markdown that parses in quadratic time is in a worker thread when the signal comes.
    const ds = createDataSource({ url: db.url, poolMax: 1 });
    await ds.initialize();
    const [demo]: { id: string }[] = await ds.query(`SELECT id FROM users WHERE email = 'member@roots.demo'`);
    const { accessToken } = await createSession(ds, demo.id, { client: { ip: "127.0.0.1", userAgent: "test" }, config: loadConfig({}) });
    await ds.destroy();
    const preview = fetch(`http://127.0.0.1:${port}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ query: "query ($c: String!) { rootpediaPreview(content: $c) }", variables: { c: "*a".repeat(49_000) } }),
    }).then(
      (res) => res.status,
      () => "closed",
    );
    await new Promise((r) => setTimeout(r, 300));
    child.kill("SIGTERM");
    expect(await exited(child)).toBe(0);
    // The preview was answered (an error) or cut: either way the process did not wait for it to finish.
    expect([200, "closed"]).toContain(await preview);
    await closed; // the subscription ended because the server closed it
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
    await ws.dispose();
    // Its time is mostly the start: main.ts compiled on the fly, the migrations and the demo's
    // seed, which a busy 2-core machine (the whole suite in parallel) has stretched past 30 s.
  }, 120_000);
});
