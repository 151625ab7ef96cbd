// `npm run bench -- abuse`: does one client's worst request still freeze the server? A production
// server (server/dist/main.js, one instance) is asked for /health every 100 ms, first at rest (the
// baseline, same run), then while attackers send, without pause, the worst requests the limits let
// through: 10 aliased previews of Markdown that parses in quadratic time (unmatched emphasis,
// 98,000 characters, each a little different so no cache answers it) and 4 aliased comparisons (word diffs and side by side) of
// two 99,000-character revisions that share no word order (a different pair each time). Goal:
// /health p99 under 1 s while they run (reported, with the ratio to the baseline, and the
// attackers' answers: refused as too complex, compared coarsely, or limited).
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { createDataSource } from "../server/src/db/data-source.js";
import { createTemplate, dropDatabase, withDatabase } from "../tests/support/database.js";
import { buildVillage } from "../tests/support/genealogy.js";
import { makeVoters } from "./ballots.js";
import { benchServerEnv, SERVER_NODE_FLAGS, start, stopAll } from "./support.js";
import { randomWords } from "../tests/support/text.js";

const PORT = 4741;
const ATTACK_SECONDS = Number(process.env.BENCH_ABUSE_SECONDS ?? 30);
const ATTACKERS = Number(process.env.BENCH_ABUSE_CONNECTIONS ?? 6);
const PAIRS = 40;
const GOAL_P99_MS = 1000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** /health latencies, one request every 100 ms, until `stop` says so. */
async function sampleHealth(stop: () => boolean): Promise<number[]> {
  const out: number[] = [];
  while (!stop()) {
    const t = performance.now();
    const res = await fetch(`http://127.0.0.1:${PORT}/health`, { headers: { accept: "application/json" } });
    await res.arrayBuffer();
    out.push(performance.now() - t);
    await sleep(100);
  }
  return out.sort((a, b) => a - b);
}

export async function benchAbuse(serverUrl: string): Promise<boolean> {
  const dbName = `roots_bench_abuse_${process.pid}`;
  const url = withDatabase(serverUrl, dbName);
  await createTemplate(serverUrl, dbName);
  const ds = createDataSource({ url, poolMax: 2 });
  await ds.initialize();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const children: ChildProcess[] = [];
  try {
    const village = await buildVillage({ ds }, "Abuse");
    // Members enough that the preview limit (20 a minute each) is never what stops the attack.
    const members = await makeVoters(pool, 400);
    // Revision pairs written straight to the tables (what many saves over days would leave).
    const pairs: [string, string][] = [];
    for (let i = 0; i < PAIRS; i++) {
      const article = randomUUID();
      const [a, b] = [randomUUID(), randomUUID()];
      await pool.query(
        `INSERT INTO rootpedia_articles (id, village_id, language, translation_group, title, slug) VALUES ($1, $2, 'en', $1, 'Long', $3)`,
        [article, village.raw, `long-${i}`],
      );
      await pool.query(
        `INSERT INTO rootpedia_revisions (id, article_id, title, content, content_hash, status) VALUES ($1, $3, 'Long', $4, 'x', 'accepted'), ($2, $3, 'Long', $5, 'y', 'accepted')`,
        [a, b, article, randomWords(99_000, 2 * i + 1), randomWords(99_000, 2 * i + 2)],
      );
      await pool.query(`UPDATE rootpedia_articles SET stable_revision_id = $2, latest_revision_id = $2 WHERE id = $1`, [article, b]);
      pairs.push([
        Buffer.from(`RootpediaRevision:${a}`).toString("base64url"),
        Buffer.from(`RootpediaRevision:${b}`).toString("base64url"),
      ]);
    }
    children.push(await start([...SERVER_NODE_FLAGS, "server/dist/main.js"], benchServerEnv(url, PORT), /Roots is ready/));
    console.log(
      `\n## Abuse: /health every 100 ms while ${ATTACKERS} clients send worst-case previews and diffs for ${ATTACK_SECONDS} s (one instance)`,
    );
    let resting = true;
    setTimeout(() => (resting = false), 10_000);
    const baseline = await sampleHealth(() => !resting);

    const answers = new Map<string, number>();
    const count = (key: string) => answers.set(key, (answers.get(key) ?? 0) + 1);
    let attacking = true;
    let n = 0;
    const attacker = async () => {
      while (attacking) {
        const i = n++;
        const member = members[i % members.length];
        const body =
          i % 2 === 0
            ? {
                query: `query ($c: String!) { ${Array.from({ length: 10 }, (_, k) => `p${k}: rootpediaPreview(content: $c)`).join(" ")} }`,
                variables: { c: `${"*a".repeat(49_000)}${i}` },
              }
            : {
                query: `{ ${Array.from({ length: 4 }, (_, k) => {
                  const [from, to] = pairs[(i * 4 + k) % PAIRS];
                  // Half as word diffs, half side by side: both compare the same texts within the same caps.
                  return `d${k}: ${k % 2 ? "rootpediaComparison" : "rootpediaDiff"}(fromId: "${from}", toId: "${to}") { coarse }`;
                }).join(" ")} }`,
              };
        const res = await fetch(`http://127.0.0.1:${PORT}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${member.token}` },
          body: JSON.stringify(body),
        });
        const json = (await res.json()) as { data?: Record<string, unknown>; errors?: { extensions?: { code?: string; key?: string } }[] };
        const error = json.errors?.[0]?.extensions;
        count(
          error
            ? `${i % 2 ? "diff" : "preview"}: ${error.key ?? error.code}`
            : i % 2
              ? `diff: answered${JSON.stringify(json.data).includes('"coarse":true') ? " (coarse)" : ""}`
              : "preview: answered",
        );
      }
    };
    const attackers = Array.from({ length: ATTACKERS }, attacker);
    setTimeout(() => (attacking = false), ATTACK_SECONDS * 1000);
    const during = await sampleHealth(() => !attacking);
    await Promise.all(attackers);

    const line = (name: string, xs: number[]) =>
      console.log(
        `${name.padEnd(34)} ${String(xs.length).padStart(4)} checks  p50 ${percentile(xs, 0.5).toFixed(0)} ms  p99 ${percentile(xs, 0.99).toFixed(0)} ms  max ${xs[xs.length - 1].toFixed(0)} ms`,
      );
    line("/health at rest (baseline)", baseline);
    line("/health under attack", during);
    const p99 = percentile(during, 0.99);
    console.log(`  ratio p99 under attack / at rest: ${(p99 / percentile(baseline, 0.99)).toFixed(1)}×`);
    console.log(`  attackers' answers: ${[...answers].map(([k, v]) => `${k} ×${v}`).join(", ")}`);
    const met = p99 < GOAL_P99_MS;
    console.log(`  goal /health p99 < ${GOAL_P99_MS} ms under attack: ${met ? "met" : "MISSED"}`);
    return met;
  } finally {
    await stopAll(children);
    await pool.end();
    await ds.destroy();
    await dropDatabase(serverUrl, dbName);
  }
}
