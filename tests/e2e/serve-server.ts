// The browser tests' server: server/src/main.ts's start, with a clock the tests can move on.
// Only tests/e2e/serve.mjs runs this file; production starts server/src/main.ts, whose clock is the machine's.
// The clock keeps the machine's pace (batched tallies, sessions, rate limits behave as they do live);
// `POST /advance?ms=N` on 127.0.0.1:E2E_CLOCK_PORT moves it N ms on and runs the jobs then due
// (a ballot opening after its cooling-off, closing after its days), as tests/support/clock.ts does in jest.
import "reflect-metadata";
import { createServer } from "node:http";
import type { Clock } from "../../server/src/common/clock.js";
import { createEventBus } from "../../server/src/common/event-bus.js";
import { setLogLevel } from "../../server/src/common/logger.js";
import { buildRootsSchema } from "../../server/src/app/schema.js";
import { createRootsServer } from "../../server/src/app/server.js";
import { loadConfig } from "../../server/src/config.js";
import { connectAndMigrate, createDataSource } from "../../server/src/db/data-source.js";
import { startEmbeddedPostgres } from "../../server/src/db/embedded.js";
import { seedDemo } from "../../server/src/db/seed/demo.js";
import { ensureVillages } from "../../server/src/modules/genealogy/index.js";

/** The machine's time, shifted by what the tests moved it on. */
class ShiftedClock implements Clock {
  private offset = 0;
  now(): Date {
    return new Date(Date.now() + this.offset);
  }
  advance(ms: number): void {
    if (!(ms >= 0)) throw new Error("the clock only moves forward");
    this.offset += ms;
  }
}

const config = loadConfig();
setLogLevel(config.LOG_LEVEL);
const embedded = config.DATABASE_URL ? null : await startEmbeddedPostgres(config.EMBEDDED_PG_DIR, config.EMBEDDED_PG_PORT);
const ds = createDataSource({ url: config.DATABASE_URL ?? embedded!.url, poolMax: config.DB_POOL_MAX });
await connectAndMigrate(ds);
await ensureVillages(ds);
await seedDemo(ds);
const bus = createEventBus(config.REDIS_URL);
const clock = new ShiftedClock();
const server = await createRootsServer({ config, ds, bus, schema: await buildRootsSchema(bus), clock });
await server.listen(config.PORT, "127.0.0.1");

const control = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const ms = Number(url.searchParams.get("ms"));
  if (req.method !== "POST" || url.pathname !== "/advance" || !(ms >= 0)) return void res.writeHead(404).end();
  clock.advance(ms);
  server.scheduler.runDue().then(
    (ran) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ now: clock.now(), ran })),
    (err) => res.writeHead(500).end(String(err)),
  );
});
control.listen(Number(process.env.E2E_CLOCK_PORT), "127.0.0.1");

for (const sig of ["SIGINT", "SIGTERM"] as const)
  process.on(sig, () => {
    control.close();
    void server
      .stop()
      .then(() => bus.close())
      .then(() => ds.destroy())
      .then(() => embedded?.stop())
      .finally(() => process.exit(0));
  });
