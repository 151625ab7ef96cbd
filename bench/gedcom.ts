// GEDCOM import benchmark: a generated 200,000-individual file imported end to end (parse,
// stage, review checks, one-transaction commit with indexes) on a fresh database, in a child
// process whose peak memory is sampled; beside it the parse-only speed of `read-gedcom` on
// the same file, measured in the same run. Goals: ≥ 10,000 individuals/s, peak < 500 MB, and the
// member's re-import of the file within 2× of its first import.
import { spawnSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { once } from "node:events";
import { syntheticGedcom } from "../tests/gedcom/synthetic.js";
import { admin, createTemplate, dropDatabase, withDatabase } from "../tests/support/database.js";

const PEOPLE = Number(process.env.BENCH_GEDCOM_PEOPLE ?? 200_000);
/** A re-import of the 200,000-person file (every person updated) within this many times its first import (20,000: `npm run bench -- reimport`). */
const REIMPORT_GOAL_LARGE = 2;

type ChildResult = { [key: string]: unknown; phases?: Record<string, number> };

function child(args: string[]): ChildResult {
  const r = spawnSync(process.execPath, ["bench/gedcom-child.mjs", ...args], {
    env: process.env,
    encoding: "utf8",
    maxBuffer: 1 << 24,
  });
  if (r.status !== 0) throw new Error(`bench child failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").pop()!);
}

export async function benchGedcom(serverUrl: string): Promise<boolean> {
  const file = join(tmpdir(), `roots-bench-${PEOPLE}.ged`);
  const out = createWriteStream(file);
  for await (const chunk of syntheticGedcom(PEOPLE)) if (!out.write(chunk)) await once(out, "drain");
  out.end();
  await once(out, "finish");
  const dbName = `roots_bench_gedcom_${process.pid}`;
  const spare = `${dbName}_b`;
  await createTemplate(serverUrl, dbName);
  try {
    await admin(serverUrl, (c) => c.query(`CREATE DATABASE "${spare}" TEMPLATE "${dbName}"`));
    // The host is shared and its speed drifts from one minute to the next: each side is measured
    // twice (the import on two fresh databases) and its faster run counts; both runs are printed.
    // A CHECKPOINT first, so that no run pays for writing out what the one before it left.
    const importInto = async (db: string) => {
      await admin(serverUrl, (c) => c.query(`CHECKPOINT`));
      return child(["import", withDatabase(serverUrl, db), file]);
    };
    const runs = [await importInto(spare), await importInto(dbName)];
    await dropDatabase(serverUrl, spare);
    const ours = runs.reduce((a, b) => (Number(b.seconds) < Number(a.seconds) ? b : a));
    const readings = [child(["read-gedcom", file]), child(["read-gedcom", file])];
    const theirs = readings.reduce((a, b) => (Number(b.seconds) < Number(a.seconds) ? b : a));
    const oursRate = Number(ours.people) / Number(ours.seconds);
    const theirRate = Number(theirs.people) / Number(theirs.seconds);
    console.log(`\nGEDCOM import of ${PEOPLE.toLocaleString("en")} individuals`);
    console.log(
      `  Roots end to end (parse, stage, checks, commit): ${oursRate.toFixed(0)} individuals/s, ${Number(ours.seconds).toFixed(1)} s (staging ${Number(ours.stageSeconds).toFixed(1)} s), peak ${Math.max(...runs.map((r) => Number(r.peakMb))).toFixed(0)} MB (the higher run's), ${ours.people} people, ${ours.status}`,
    );
    // Where the time goes: reading + staging (the file streamed into the staging table), the
    // review checks, and the one-transaction commit, each with its statements.
    const phases = Object.entries(ours.phases ?? {});
    for (const [name, ms] of phases.filter(([n]) => !n.includes(": "))) {
      console.log(`    ${name.padEnd(36)} ${(ms / 1000).toFixed(2).padStart(6)} s`);
      for (const [step, t] of phases)
        if (step.startsWith(`${name}: `) && t >= 50)
          console.log(`      ${step.slice(name.length + 2).padEnd(34)} ${(t / 1000).toFixed(2).padStart(6)} s`);
    }
    console.log(`  (the two runs: ${runs.map((r) => `${Number(r.seconds).toFixed(1)} s`).join(", ")})`);
    console.log(
      `  read-gedcom parse only:                          ${theirRate.toFixed(0)} individuals/s, ${Number(theirs.seconds).toFixed(1)} s, peak ${Number(theirs.peakMb).toFixed(0)} MB (runs: ${readings.map((r) => `${Number(r.seconds).toFixed(1)} s`).join(", ")})`,
    );
    // The host's speed drifts between runs; the ratio to the parse-only baseline of the same run does not.
    console.log(`  Roots end to end / read-gedcom parse only:      ${(oursRate / theirRate).toFixed(2)}×`);
    // The same file again, by another member, into the database the first import filled and
    // analyzed: every name now has thousands of bearers (duplicate check), and the planner knows
    // the people table but not the rows this import writes (re-import update, living cache).
    // Reported, not a goal: it guards the plans that only go wrong on a populated database.
    const second = child(["import", withDatabase(serverUrl, dbName), file, "second"]);
    const step = (name: string) => ((second.phases?.[name] ?? 0) / 1000).toFixed(2);
    console.log(
      `  a second member's import of the same file into those ${PEOPLE.toLocaleString("en")}: ${(Number(second.people) / Number(second.seconds)).toFixed(0)} individuals/s, ${Number(second.seconds).toFixed(1)} s (duplicates ${step("review: duplicates")} s, living ${step("commit: living")} s), ${second.status}`,
    );
    // The first member imports the same file again: every person, couple and link is found and
    // updated in place (plans that went quadratic on this ran for hours), against its first import.
    const again = child(["import", withDatabase(serverUrl, dbName), file]);
    const againStep = (name: string) => ((again.phases?.[name] ?? 0) / 1000).toFixed(2);
    const againRatio = Number(again.seconds) / Number(ours.seconds);
    console.log(
      `  the first member's re-import of the same file: ${(PEOPLE / Number(again.seconds)).toFixed(0)} individuals/s, ${Number(again.seconds).toFixed(1)} s = ${againRatio.toFixed(2)}× the first import (re-import matching ${againStep("review: re-import")} s, people ${againStep("commit: people re-imported")} s, kept records ${againStep("commit: kept records")} s), ${again.status}`,
    );
    const reimported = again.status === "done" && again.people === PEOPLE && again.updates === PEOPLE && againRatio <= REIMPORT_GOAL_LARGE;
    const ok = runs.every((r) => r.status === "done" && r.people === PEOPLE && Number(r.peakMb) < 500) && oursRate >= 10_000 && reimported;
    console.log(
      `  goals: ≥ 10,000 individuals/s end to end, < 500 MB peak, the re-import within ${REIMPORT_GOAL_LARGE}× of the first import, every person updated → ${ok ? "met" : "MISSED"}`,
    );
    return ok;
  } finally {
    await dropDatabase(serverUrl, spare);
    await dropDatabase(serverUrl, dbName);
  }
}
