import "reflect-metadata";
import { loadConfig } from "../../config.js";
import { connectAndMigrate, createDataSource } from "../../db/data-source.js";
import { startEmbeddedPostgres } from "../../db/embedded.js";
import { checkLedger } from "./check.js";

/**
 * `npm run money -- check`: recomputes every balance from the entries and pending holds, each
 * transaction's sum and each currency's total, on DATABASE_URL or the embedded database. Prints
 * each difference; exit 1 when there is one, 0 on a sound ledger.
 */
const what = process.argv[2];
if (what !== "check") {
  console.error("usage: npm run money -- check");
  process.exit(2);
}
const config = loadConfig();
const embedded = config.DATABASE_URL ? undefined : await startEmbeddedPostgres(config.EMBEDDED_PG_DIR, config.EMBEDDED_PG_PORT);
const ds = createDataSource({ url: config.DATABASE_URL ?? embedded!.url, poolMax: 2 });
let differences: number;
try {
  await connectAndMigrate(ds);
  // One snapshot: a transfer committing during the check cannot make it see half of it.
  const found = await ds.transaction("REPEATABLE READ", (tx) => checkLedger(tx));
  for (const d of found) console.log(`${d.kind}\t${d.subject}\texpected ${d.expected}\tfound ${d.found}`);
  const [{ accounts, entries }] = await ds.query(
    `SELECT (SELECT count(*) FROM money_accounts)::int AS accounts, (SELECT count(*) FROM money_entries)::int AS entries`,
  );
  console.log(found.length ? `${found.length} difference(s)` : `ledger sound: ${accounts} accounts, ${entries} entries, 0 differences`);
  differences = found.length;
} finally {
  await ds.destroy();
  await embedded?.stop();
}
process.exit(differences ? 1 : 0);
