import "reflect-metadata";
import { loadConfig } from "../config.js";
import { connectAndMigrate, createDataSource } from "./data-source.js";
import { startEmbeddedPostgres } from "./embedded.js";

/** `npm run db:migrate` applies pending migrations; `-- --revert` undoes the last one. */
const config = loadConfig();
const embedded = config.DATABASE_URL ? undefined : await startEmbeddedPostgres(config.EMBEDDED_PG_DIR, config.EMBEDDED_PG_PORT);
const ds = createDataSource({ url: config.DATABASE_URL ?? embedded!.url, poolMax: 2 });
try {
  if (process.argv.includes("--revert")) {
    await ds.initialize();
    await ds.undoLastMigration({ transaction: "each" });
    console.log("Reverted the last migration.");
  } else {
    const applied = await connectAndMigrate(ds);
    console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Nothing to apply: the database is up to date.");
  }
} finally {
  await ds.destroy();
  await embedded?.stop();
}
