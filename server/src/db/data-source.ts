import "reflect-metadata";
import { DataSource } from "typeorm";
import { entities } from "./entities.js";
import { migrations } from "./migrations/index.js";

export interface DataSourceOptions {
  url: string;
  poolMax?: number;
  statementTimeoutMs?: number;
  /** How long a query waits for a connection of the pool (or a new one) before it fails as "busy" (default 5 s). */
  connectTimeoutMs?: number;
  applicationName?: string;
  /** Called with every SQL statement (tests count statements per request). */
  onQuery?: (sql: string) => void;
}

/** One bounded pool per process; migrations, never `synchronize`. */
export function createDataSource(opts: DataSourceOptions): DataSource {
  return new DataSource({
    type: "postgres",
    url: opts.url,
    entities,
    migrations,
    migrationsTableName: "migrations",
    synchronize: false,
    logging: opts.onQuery ? ["query"] : false,
    logger: opts.onQuery
      ? {
          logQuery: (q: string) => opts.onQuery!(q),
          logQueryError: () => {},
          logQuerySlow: () => {},
          logSchemaBuild: () => {},
          logMigration: () => {},
          log: () => {},
        }
      : undefined,
    poolSize: opts.poolMax ?? 10,
    applicationName: opts.applicationName ?? "roots",
    extra: {
      max: opts.poolMax ?? 10,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
      idleTimeoutMillis: 30_000,
      statement_timeout: opts.statementTimeoutMs ?? 15_000,
      // No JIT: it spends seconds compiling short queries the planner overestimates (name
      // search with trigram rechecks) and never pays off for requests of a few milliseconds.
      options: "-c jit=off",
    },
  });
}

/** Any fixed number: the advisory lock that serialises migrations across server replicas. */
const MIGRATION_LOCK = 7_301_001;

/**
 * Connects and applies pending migrations; returns the names applied. Replicas starting
 * together take turns on an advisory lock, so each migration runs exactly once.
 */
export async function connectAndMigrate(ds: DataSource): Promise<string[]> {
  if (!ds.isInitialized) await ds.initialize();
  const lock = ds.createQueryRunner();
  await lock.connect();
  await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
  try {
    const applied = await ds.runMigrations({ transaction: "each" });
    // TypeORM finds generated columns' expressions by database name: a database cloned from a
    // template (tests) or restored under another name must carry its own name there.
    await lock.query(
      `DO $$ BEGIN IF to_regclass('typeorm_metadata') IS NOT NULL THEN
         UPDATE typeorm_metadata SET "database" = current_database() WHERE "database" IS DISTINCT FROM current_database();
       END IF; END $$`,
    );
    return applied.map((m) => m.name);
  } finally {
    await lock.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    await lock.release();
  }
}
