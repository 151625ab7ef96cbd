// GEDCOM re-import benchmark: a member imports a generated 20,000-person file (BENCH_REIMPORT_PEOPLE),
// then imports it again, which updates every person instead of adding them twice. The re-import is
// timed against the first import of the same run, as a ratio, for each shape of file a re-import
// meets: the same file again (its people found by their keys in the file), a file whose people
// carry UIDs (found by their external ids), and the member's own Roots export under another name
// (found by their Roots ids). Both imports meet the statistics a server meets right after an
// import (no ANALYZE: autovacuum may not have come by): a join planned on them as if the member
// had no people made a 20,000-person re-import run for hours. Goal: every re-import within 1.5×
// of its first import. (The 200,000-person re-import is in `npm run bench -- gedcom`.)
import { spawnSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { once } from "node:events";
import { syntheticGedcom } from "../tests/gedcom/synthetic.js";
import { admin, createTemplate, dropDatabase, withDatabase } from "../tests/support/database.js";

const PEOPLE = Number(process.env.BENCH_REIMPORT_PEOPLE ?? 20_000);
export const REIMPORT_GOAL = 1.5;

export type ImportRun = { status: string; people: number; updates: number; seconds: number; phases?: Record<string, number> };

/** One import through the benchmark's child process (bench/gedcom-child.mjs): `args` after the database and file. */
export function importRun(db: string, file: string, ...args: string[]): ImportRun {
  const r = spawnSync(process.execPath, ["bench/gedcom-child.mjs", "import", db, file, ...args], {
    env: process.env,
    encoding: "utf8",
    maxBuffer: 1 << 24,
  });
  if (r.status !== 0) throw new Error(`bench child failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").pop()!) as ImportRun;
}

/** The phases a re-import spent the most more time in than the first import ("name +1.2 s"). */
export function slowerPhases(first: ImportRun, again: ImportRun, count = 3): string {
  const steps = Object.keys({ ...first.phases, ...again.phases }).filter((n) => n.includes(": "));
  return steps
    .map((n) => [n, ((again.phases?.[n] ?? 0) - (first.phases?.[n] ?? 0)) / 1000] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([n, d]) => `${n} ${d >= 0 ? "+" : ""}${d.toFixed(2)} s`)
    .join(", ");
}

async function writeFile(path: string, uid?: (i: number) => string | null): Promise<string> {
  const out = createWriteStream(path);
  for await (const chunk of syntheticGedcom(PEOPLE, uid)) if (!out.write(chunk)) await once(out, "drain");
  out.end();
  await once(out, "finish");
  return path;
}

/** A file of `db`'s member's people with each one's Roots id as its UID, as a Roots export writes it. */
async function exportOf(serverUrl: string, db: string, path: string): Promise<string> {
  const ids = new Map<string, string>();
  await admin(withDatabase(serverUrl, db), async (c) => {
    const { rows } = await c.query<{ xref: string; id: string }>(
      `SELECT xref, record_id AS id FROM kept_records WHERE tag = 'INDI' AND record_table = 'people'`,
    );
    for (const r of rows) ids.set(r.xref, r.id);
  });
  return writeFile(path, (i) => ids.get(`@I${i}@`) ?? null);
}

interface Shape {
  name: string;
  /** The first import's file (and name). */
  first: string;
  /** The re-imported file for database `db` after its first import, and its name. */
  again: (db: string) => Promise<[string, string]>;
}

export async function benchReimport(serverUrl: string): Promise<boolean> {
  const dir = tmpdir();
  const plain = await writeFile(join(dir, `roots-bench-reimport-${PEOPLE}.ged`));
  const withUids = await writeFile(
    join(dir, `roots-bench-reimport-${PEOPLE}-uid.ged`),
    (i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
  );
  const shapes: Shape[] = [
    { name: "the same file again (keys in the file)", first: plain, again: async () => [plain, "--name=family.ged"] },
    { name: "a file whose people have UIDs", first: withUids, again: async () => [withUids, "--name=family.ged"] },
    {
      name: "the member's Roots export, another name",
      first: plain,
      again: async (db) => [await exportOf(serverUrl, db, join(dir, `roots-bench-reimport-${db}.ged`)), "--name=export.ged"],
    },
  ];
  const template = `roots_bench_reimport_${process.pid}`;
  await createTemplate(serverUrl, template);
  console.log(
    `\nGEDCOM re-import of ${PEOPLE.toLocaleString("en")} individuals, against the first import (statistics as left by an import)`,
  );
  let ok = true;
  try {
    for (const shape of shapes) {
      // The host is shared and its speed drifts: each side runs twice (on two databases) and its
      // faster run counts; a CHECKPOINT first, so no run pays for what the one before left.
      const dbs = [`${template}_a`, `${template}_b`];
      const firsts: ImportRun[] = [];
      const agains: ImportRun[] = [];
      try {
        for (const db of dbs) {
          await admin(serverUrl, (c) => c.query(`CREATE DATABASE "${db}" TEMPLATE "${template}"`));
          await admin(serverUrl, (c) => c.query(`CHECKPOINT`));
          firsts.push(importRun(withDatabase(serverUrl, db), shape.first, "bench", "--name=family.ged", "--stale"));
        }
        for (const db of dbs) {
          const [file, name] = await shape.again(db);
          await admin(serverUrl, (c) => c.query(`CHECKPOINT`));
          agains.push(importRun(withDatabase(serverUrl, db), file, "bench", name, "--stale"));
        }
      } finally {
        for (const db of dbs) await dropDatabase(serverUrl, db);
      }
      const first = firsts.reduce((a, b) => (b.seconds < a.seconds ? b : a));
      const again = agains.reduce((a, b) => (b.seconds < a.seconds ? b : a));
      const ratio = again.seconds / first.seconds;
      // Updated in place: as many people as before, each one an update.
      const right =
        [...firsts, ...agains].every((r) => r.status === "done" && r.people === PEOPLE) && agains.every((r) => r.updates === PEOPLE);
      const met = right && ratio <= REIMPORT_GOAL;
      ok &&= met;
      console.log(
        `  ${shape.name.padEnd(40)} first ${first.seconds.toFixed(1)} s, re-import ${again.seconds.toFixed(1)} s → ${ratio.toFixed(2)}× ${met ? "" : right ? "(MISSED)" : "(WRONG: people duplicated or not updated)"}`,
      );
      console.log(
        `    runs: first ${firsts.map((r) => r.seconds.toFixed(1)).join(", ")} s; re-import ${agains.map((r) => r.seconds.toFixed(1)).join(", ")} s`,
      );
      console.log(`    where the re-import spends more: ${slowerPhases(first, again)}`);
    }
  } finally {
    await dropDatabase(serverUrl, template);
  }
  console.log(`  goal: every re-import within ${REIMPORT_GOAL}× of its first import, every person updated once → ${ok ? "met" : "MISSED"}`);
  return ok;
}
