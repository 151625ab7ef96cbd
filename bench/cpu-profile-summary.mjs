// `node bench/cpu-profile-summary.mjs <file.cpuprofile>…`: where a server's CPU went, from the
// profiles `BENCH_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=<dir>" npm run bench -- ballots` writes
// (one per server process, on exit). Self time summed by what the code is: the WebSocket writes
// (ws, net), the graphql-ws protocol, GraphQL execution, JSON, Redis, PostgreSQL, HTTP, the
// garbage collector, idle; then the functions that took most.
import { readFileSync } from "node:fs";

const BUCKETS = [
  ["idle", (f) => f.functionName === "(idle)"],
  ["garbage collector", (f) => f.functionName === "(garbage collector)"],
  ["(program: native, unattributed)", (f) => f.functionName === "(program)"],
  ["JSON (stringify/parse)", (f) => /^(stringify|parse|JSON\.|toJSON|serialize)/.test(f.functionName) && !f.url],
  [
    "WebSocket writes (ws sender, net, streams)",
    (f) =>
      /node_modules\/ws\/|node:net|node:internal\/stream|internal\/streams|stream_base|writev|writeGeneric|node:internal\/net/.test(
        f.url,
      ) || /^(writev|writeUtf8String|writeBuffer|writeLatin1String)$/.test(f.functionName),
  ],
  ["graphql-ws protocol", (f) => /graphql-ws\//.test(f.url)],
  ["GraphQL execution", (f) => /node_modules\/graphql\/|type-graphql/.test(f.url)],
  ["Redis (ioredis)", (f) => /ioredis|redis-parser|redis-event-target|@graphql-yoga\/(subscription|redis)/.test(f.url)],
  ["PostgreSQL (pg, typeorm)", (f) => /node_modules\/(pg|pg-protocol|pg-pool|typeorm)\//.test(f.url)],
  ["HTTP, express, Apollo", (f) => /express|@apollo|node:_http|node:http|body-parser|router/.test(f.url)],
  [
    "tally feed, live streams, prepared frames, shared events",
    (f) => /tally-feed|live-streams|prepared-frames|shared-events|websocket\.js/.test(f.url),
  ],
  ["server's own code", (f) => /server\/dist\//.test(f.url)],
  ["promises, timers, other node internals", (f) => /^node:|internal/.test(f.url) || f.url === ""],
  ["other dependencies", () => true],
];

for (const file of process.argv.slice(2)) {
  const prof = JSON.parse(readFileSync(file, "utf8"));
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const self = new Map();
  // Sample i lasted timeDeltas[i + 1] µs (the usual reading); the first delta starts the profile.
  for (let i = 0; i < prof.samples.length; i++) {
    const dt = prof.timeDeltas[i + 1] ?? 0;
    self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + dt);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const buckets = new Map(BUCKETS.map(([name]) => [name, 0]));
  const fns = new Map();
  for (const [id, us] of self) {
    const f = byId.get(id).callFrame;
    const [name] = BUCKETS.find(([, test]) => test(f));
    buckets.set(name, buckets.get(name) + us);
    const key = `${f.functionName || "(anonymous)"} ${f.url.replace(/^.*\/(node_modules|server\/dist)\//, "")}:${f.lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
  }
  const busy = total - buckets.get("idle");
  console.log(`\n${file}: ${(total / 1e6).toFixed(1)} s profiled, ${(busy / 1e6).toFixed(1)} s busy`);
  for (const [name, us] of [...buckets].sort((a, b) => b[1] - a[1]))
    if (us > 0 && name !== "idle")
      console.log(`  ${name.padEnd(58)} ${(us / 1e6).toFixed(2).padStart(7)} s  ${((100 * us) / busy).toFixed(1).padStart(5)} % of busy`);
  console.log("  top functions (self time):");
  for (const [key, us] of [...fns]
    .filter(([k]) => !k.startsWith("(idle)"))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15))
    console.log(`    ${(us / 1e3).toFixed(0).padStart(7)} ms  ${key}`);
}
