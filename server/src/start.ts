import type { Config } from "./config.js";
import type { Clock } from "./common/clock.js";
import { createEventBus } from "./common/event-bus.js";
import { closeWorkPools } from "./common/work-pool.js";
import { logger } from "./common/logger.js";
import { buildRootsSchema } from "./app/schema.js";
import { createRootsServer, type RootsServer } from "./app/server.js";
import { connectAndMigrate, createDataSource } from "./db/data-source.js";
import { startEmbeddedPostgres } from "./db/embedded.js";
import { seedDemo } from "./db/seed/demo.js";
import { ensureNameEquivalents, ensureVillages } from "./modules/genealogy/index.js";
import { warmTextWork } from "./modules/rootpedia/index.js";

export interface RootsProcess {
  server: RootsServer;
  port: number;
  /** Whether the database is the embedded PostgreSQL this process started. */
  embedded: boolean;
  /** Stops the server, the event bus, the database connection and the embedded PostgreSQL. */
  stop(): Promise<void>;
}

/**
 * Everything a Roots process does to start, in one place: the database (the embedded one
 * without DATABASE_URL), migrations, reference data, the demo seed, the event bus and the
 * server listening. `server/src/main.ts` runs it; the browser tests' server
 * (tests/e2e/serve-server.ts) runs the same steps with a clock of its own.
 */
export async function startRoots(config: Config, opts: { clock?: Clock; host?: string } = {}): Promise<RootsProcess> {
  const embedded = config.DATABASE_URL ? undefined : await startEmbeddedPostgres(config.EMBEDDED_PG_DIR, config.EMBEDDED_PG_PORT);
  if (embedded) logger.info("Embedded PostgreSQL started", { dir: config.EMBEDDED_PG_DIR, port: config.EMBEDDED_PG_PORT });
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
  const server = await createRootsServer({ config, ds, bus, schema, clock: opts.clock });
  const closeAll = async () => {
    await closeWorkPools();
    await bus.close();
    await ds.destroy();
    await embedded?.stop();
  };
  let port: number;
  try {
    port = await server.listen(config.PORT, opts.host);
  } catch (err) {
    await closeAll();
    throw new Error(`Cannot listen on port ${config.PORT}: ${String(err)}`, { cause: err });
  }
  // The first preview or long article then finds its worker thread started.
  warmTextWork(config).catch((err: unknown) => logger.warn("Text worker did not start", { err: String(err) }));
  return {
    server,
    port,
    embedded: Boolean(embedded),
    stop: async () => {
      // Heavy text work in flight ends now (its requests fail fast) rather than hold the drain.
      await closeWorkPools();
      await server.stop();
      await closeAll();
    },
  };
}
