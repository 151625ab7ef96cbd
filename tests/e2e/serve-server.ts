// The browser tests' server: server/src/start.ts's start (as server/src/main.ts runs it), with a clock the tests can move on.
// Only tests/e2e/serve.mjs runs this file; production starts server/src/main.ts, whose clock is the machine's.
// The clock keeps the machine's pace (batched tallies, sessions, rate limits behave as they do live);
// `POST /advance?ms=N` on 127.0.0.1:E2E_CLOCK_PORT moves it N ms on and runs the jobs then due
// (a ballot opening after its cooling-off, closing after its days), as tests/support/clock.ts does in jest.
import "reflect-metadata";
import { createServer } from "node:http";
import type { Clock } from "../../server/src/common/clock.js";
import { setLogLevel } from "../../server/src/common/logger.js";
import { loadConfig } from "../../server/src/config.js";
import { startRoots } from "../../server/src/start.js";

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
const clock = new ShiftedClock();
const roots = await startRoots(config, { clock, host: "127.0.0.1" });

const control = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const ms = Number(url.searchParams.get("ms"));
  if (req.method !== "POST" || url.pathname !== "/advance" || !(ms >= 0)) return void res.writeHead(404).end();
  clock.advance(ms);
  roots.server.scheduler.runDue().then(
    (ran) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ now: clock.now(), ran })),
    (err) => res.writeHead(500).end(String(err)),
  );
});
control.listen(Number(process.env.E2E_CLOCK_PORT), "127.0.0.1");

for (const sig of ["SIGINT", "SIGTERM"] as const)
  process.on(sig, () => {
    control.close();
    void roots.stop().finally(() => process.exit(0));
  });
