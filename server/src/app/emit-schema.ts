import "reflect-metadata";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createEventBus } from "../common/event-bus.js";
import { buildRootsSchema, printRootsSchema } from "./schema.js";

/** Writes schema/schema.graphql; with --check, fails when the committed file is stale. */
const target = fileURLToPath(new URL("../../../schema/schema.graphql", import.meta.url));
const printed = printRootsSchema(await buildRootsSchema(createEventBus()));
if (process.argv.includes("--check")) {
  let current = "";
  try {
    current = readFileSync(target, "utf8");
  } catch {
    // missing file counts as stale
  }
  if (current !== printed) {
    console.error("schema/schema.graphql is stale: run `npm run schema` and commit the result.");
    process.exit(1);
  }
  console.log("schema/schema.graphql is up to date.");
} else {
  writeFileSync(target, printed);
  console.log(`Wrote ${target}`);
}
