import "reflect-metadata";
import { loadConfig } from "../config.js";
import { importVillages } from "../modules/genealogy/index.js";
import { connectAndMigrate, createDataSource } from "./data-source.js";
import { startEmbeddedPostgres } from "./embedded.js";
import { seedDemo } from "./seed/demo.js";

/** `npm run db:seed -- villages|demo`: re-runs an import (idempotent) on DATABASE_URL or the embedded database. */
const what = process.argv[2];
if (what !== "villages" && what !== "demo") {
  console.error("usage: npm run db:seed -- villages|demo");
  process.exit(2);
}
const config = loadConfig();
const embedded = config.DATABASE_URL ? undefined : await startEmbeddedPostgres(config.EMBEDDED_PG_DIR, config.EMBEDDED_PG_PORT);
const ds = createDataSource({ url: config.DATABASE_URL ?? embedded!.url, poolMax: 2 });
try {
  await connectAndMigrate(ds);
  if (what === "villages") console.log(await importVillages(ds));
  else await seedDemo(ds);
} finally {
  await ds.destroy();
  await embedded?.stop();
}
