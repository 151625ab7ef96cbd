import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
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
    await new Promise((r) => setTimeout(r, 300));
    child.kill("SIGTERM");
    expect(await exited(child)).toBe(0);
    await closed; // the subscription ended because the server closed it
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
    await ws.dispose();
    // Its time is mostly the start: main.ts compiled on the fly, the migrations and the demo's
    // seed, which a busy 2-core machine (the whole suite in parallel) has stretched past 30 s.
  }, 120_000);
});
