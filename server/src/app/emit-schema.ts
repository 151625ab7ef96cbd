import "reflect-metadata";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createEventBus } from "../common/event-bus.js";
import { buildRootsSchema, printRootsSchema } from "./schema.js";

/**
 * Writes schema/schema.graphql; with --check, fails when the committed file is stale.
 * `--file <path>` writes or checks another file instead (the drift test checks a stale copy).
 */
const args = process.argv.slice(2);
const fileArg = args.indexOf("--file");
const target =
  fileArg >= 0 && args[fileArg + 1]
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), args[fileArg + 1])
    : fileURLToPath(new URL("../../../schema/schema.graphql", import.meta.url));
/** The path as the person who ran the command sees it (npm runs workspace scripts in server/). */
const shown = (file: string) => path.relative(process.env.INIT_CWD ?? process.cwd(), file);
const printed = printRootsSchema(await buildRootsSchema(createEventBus()));
if (args.includes("--check")) {
  let current = "";
  try {
    current = readFileSync(target, "utf8");
  } catch {
    // missing file counts as stale
  }
  if (current !== printed) {
    console.error(`${shown(target)} is stale: run \`npm run schema\` and commit the result.`);
    process.exit(1);
  }
  console.log(`${shown(target)} is up to date.`);
} else {
  writeFileSync(target, printed);
  console.log(`Wrote ${target}`);
}
