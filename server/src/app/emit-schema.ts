import "reflect-metadata";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createEventBus } from "../common/event-bus.js";
import { buildRootsSchema, printRootsSchema } from "./schema.js";
import { compareWithReleases, formatReport, isoDay, readReleases, releaseFile, RELEASES_DIR } from "./schema-releases.js";

/**
 * Writes schema/schema.graphql; with --check, fails when the committed file is stale.
 * `--file <path>` writes or checks another file instead (the drift test checks a stale copy).
 *
 * `--diff` compares the schema (the one built now, or `--file`'s) with the newest release in
 * schema/releases/ and fails on a breaking change partners were not given notice of
 * (schema-releases.ts); `--release` writes schema/schema.graphql and, if that comparison passes,
 * `schema/releases/<today>.graphql` (UTC; a second release the same day replaces the first).
 * `--today YYYY-MM-DD` and `--releases <folder>` stand in for the clock and the folder (tests).
 */
const args = process.argv.slice(2);
const cwd = process.env.INIT_CWD ?? process.cwd();
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] && !args[i + 1].startsWith("--") ? args[i + 1] : undefined;
};
const fileArg = option("--file");
const target = fileArg ? path.resolve(cwd, fileArg) : fileURLToPath(new URL("../../../schema/schema.graphql", import.meta.url));
const releasesDir = option("--releases") ? path.resolve(cwd, option("--releases")!) : RELEASES_DIR;
const today = option("--today") ?? isoDay(new Date());
if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) {
  console.error(`--today must be a date, YYYY-MM-DD (got ${today}).`);
  process.exit(2);
}
/** The path as the person who ran the command sees it (npm runs workspace scripts in server/). */
const shown = (file: string) => path.relative(cwd, file);
let built: string | undefined;
const printed = async () => (built ??= printRootsSchema(await buildRootsSchema(createEventBus())));

/** Prints the comparison with the newest release; false when a breaking change is not allowed. */
async function compare(current: string): Promise<boolean> {
  const releases = readReleases(releasesDir);
  const report = await compareWithReleases(current, releases, today);
  const text = formatReport(report, report.release ? shown(releaseFile(report.release, releasesDir)) : "");
  if (report.ok) console.log(text);
  else console.error(text);
  return report.ok;
}

if (args.includes("--release")) {
  const current = await printed();
  if (!(await compare(current))) {
    console.error("No release written.");
    process.exit(1);
  }
  writeFileSync(target, current);
  mkdirSync(releasesDir, { recursive: true });
  writeFileSync(releaseFile(today, releasesDir), current);
  console.log(`Wrote ${shown(target)} and the release ${shown(releaseFile(today, releasesDir))}: commit them.`);
} else if (args.includes("--check") || args.includes("--diff")) {
  let ok = true;
  if (args.includes("--check")) {
    let current = "";
    try {
      current = readFileSync(target, "utf8");
    } catch {
      // missing file counts as stale
    }
    if (current !== (await printed())) {
      console.error(`${shown(target)} is stale: run \`npm run schema\` and commit the result.`);
      ok = false;
    } else console.log(`${shown(target)} is up to date.`);
  }
  if (args.includes("--diff")) ok = (await compare(fileArg ? readFileSync(target, "utf8") : await printed())) && ok;
  if (!ok) process.exit(1);
} else {
  writeFileSync(target, await printed());
  console.log(`Wrote ${target}`);
}
