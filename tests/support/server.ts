import { closeWorkPools } from "../../server/src/common/work-pool.js";
import "reflect-metadata";
import type { DataSource } from "typeorm";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { COST_BUDGET_SQL_TAG } from "../../server/src/app/cost-budgets.js";
import { buildRootsSchema } from "../../server/src/app/schema.js";
import { createRootsServer } from "../../server/src/app/server.js";
import type { TestClock } from "../../server/src/common/clock.js";
import type { Scheduler } from "../../server/src/common/jobs/index.js";
import { createEventBus, type EventBus } from "../../server/src/common/event-bus.js";
import { loadConfig } from "../../server/src/config.js";
import { createDataSource } from "../../server/src/db/data-source.js";
import { FLAG_REFRESH_SQL_TAG } from "../../server/src/modules/admin/index.js";
import { POLL_SQL_TAG } from "../../server/src/modules/ingestion/runner.js";
import { createTestDatabase } from "./database.js";

export interface GqlResult<T = Record<string, unknown>> {
  status: number;
  /** Cookies the response set, as `name=value` pairs (attributes dropped). */
  cookies?: Record<string, string>;
  /** Raw Set-Cookie headers. */
  setCookie?: string[];
  /** The response's headers. */
  headers?: Headers;
  data?: T | null;
  errors?: { message: string; path?: string[]; extensions?: Record<string, unknown> & { code?: string } }[];
}

export interface TestServer {
  url: string;
  wsUrl: string;
  databaseUrl: string;
  ds: DataSource;
  /**
   * Every SQL statement the server ran since the last `queries.length = 0`, except the import
   * runner's background poll, the feature flags' reload (due every 5 s, whichever request finds it)
   * and the client's cost budget (one per request without Redis, app/cost-budgets.ts).
   */
  queries: string[];
  /** POSTs a GraphQL operation; `token` signs in, `language` sets Accept-Language (default en). */
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    opts?: { token?: string; language?: string; headers?: Record<string, string>; cookie?: string },
  ): Promise<GqlResult<T>>;
  /** A graphql-ws client; close it with `dispose()`. `rootspace`: the connection's rootspace slug. */
  ws(opts?: { token?: string; origin?: string; language?: string; rootspace?: string }): Client;
  /** The server's job scheduler (`runDue` runs the jobs due by its clock). */
  scheduler: Scheduler;
  /** The server's event bus (a test may publish on it, e.g. to know a subscription is in place). */
  bus: EventBus;
  /** The clock passed in `opts.clock`, if any (see tests/support/clock.ts). */
  clock?: TestClock;
  stop(): Promise<void>;
}

/** A real server (HTTP + WebSocket) on a fresh database of its own, on a free port. */
export async function startTestServer(
  env: Record<string, string> = {},
  opts: {
    shareDatabaseWith?: TestServer;
    clock?: TestClock;
    /** The server's pool (default: 4 connections, 5 s to get one, 15 s per statement). */
    pool?: { max?: number; connectTimeoutMs?: number; statementTimeoutMs?: number };
  } = {},
): Promise<TestServer> {
  // A second replica may share the first one's database (it then leaves dropping it to the first).
  const db = opts.shareDatabaseWith ? { url: opts.shareDatabaseWith.databaseUrl, drop: async () => {} } : await createTestDatabase();
  // Breach checks go to a closed local port (answers "unavailable" at once) unless a test points them elsewhere.
  const config = loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: db.url,
    CLIENT_DIST: "",
    LOG_LEVEL: "error",
    BREACHED_PASSWORD_API_URL: "http://127.0.0.1:9",
    SIGNUP_LIMIT_PER_IP_PER_HOUR: "1000",
    ...env,
  });
  const queries: string[] = [];
  const ds = createDataSource({
    url: db.url,
    poolMax: opts.pool?.max ?? 4,
    connectTimeoutMs: opts.pool?.connectTimeoutMs,
    statementTimeoutMs: opts.pool?.statementTimeoutMs,
    onQuery: (sql) =>
      void (
        sql.startsWith(POLL_SQL_TAG) ||
        sql.startsWith(FLAG_REFRESH_SQL_TAG) ||
        sql.startsWith(COST_BUDGET_SQL_TAG) ||
        queries.push(sql)
      ),
  });
  await ds.initialize();
  const bus = createEventBus(config.REDIS_URL);
  const schema = await buildRootsSchema(bus);
  const server = await createRootsServer({ config, ds, bus, schema, clock: opts.clock });
  const port = await server.listen(0, "127.0.0.1");
  const url = `http://127.0.0.1:${port}`;
  const wsUrl = `ws://127.0.0.1:${port}/graphql`;
  return {
    url,
    wsUrl,
    databaseUrl: db.url,
    ds,
    queries,
    scheduler: server.scheduler,
    bus,
    clock: opts.clock,
    async gql(query, variables, opts = {}) {
      const res = await fetch(`${url}/graphql`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "accept-language": opts.language ?? "en",
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...opts.headers,
        },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as Omit<GqlResult, "status">;
      const setCookie = res.headers.getSetCookie();
      const cookies = Object.fromEntries(setCookie.map((c) => c.split(";")[0].split("=") as [string, string]));
      return { status: res.status, cookies, setCookie, headers: res.headers, ...body } as GqlResult<never>;
    },
    ws(opts = {}) {
      return wsClientAt(wsUrl, opts);
    },
    async stop() {
      await server.stop();
      // The worker threads of heavy text work are the process's (a later file starts them again).
      await closeWorkPools();
      await bus.close();
      await ds.destroy();
      await db.drop();
    },
  };
}

/** A graphql-ws client of the server at `wsUrl` (no retries, connects on first use); close it with `dispose()`. */
export function wsClientAt(wsUrl: string, opts: { token?: string; origin?: string; language?: string; rootspace?: string } = {}): Client {
  const headers: Record<string, string> = {};
  if (opts.origin) headers.origin = opts.origin;
  class WithHeaders extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  return createClient({
    url: wsUrl,
    webSocketImpl: WithHeaders,
    retryAttempts: 0,
    lazy: true,
    connectionParams: {
      language: opts.language ?? "en",
      ...(opts.rootspace ? { rootspace: opts.rootspace } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
  });
}

/** Runs one operation over a graphql-ws client and resolves its first result. */
export function wsOnce<T = Record<string, unknown>>(
  client: Client,
  query: string,
  variables?: Record<string, unknown>,
): Promise<GqlResult<T>> {
  return new Promise((resolve, reject) => {
    let settled = false;
    client.subscribe<T>(
      { query, variables },
      {
        next: (value) => {
          if (!settled) {
            settled = true;
            resolve({ status: 200, ...(value as Omit<GqlResult<T>, "status">) });
          }
        },
        error: (err) => {
          if (settled) return;
          settled = true;
          if (Array.isArray(err)) resolve({ status: 200, errors: err as GqlResult["errors"] });
          else reject(err);
        },
        complete: () => undefined,
      },
    );
  });
}
