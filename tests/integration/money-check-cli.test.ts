import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { postTransaction, type MoneyDeps } from "../../server/src/modules/money/index.js";
import { key, moneyDeps, walletAndClearing } from "../support/money.js";
import { startTestServer, type TestServer } from "../support/server.js";

/** `npm run money -- check` recomputes balances from entries: exit 0 on a sound ledger, 1 (and the difference) otherwise. */
const root = fileURLToPath(new URL("../../", import.meta.url));
let server: TestServer;
let deps: MoneyDeps;

beforeAll(async () => {
  server = await startTestServer();
  deps = moneyDeps(server);
});
afterAll(() => server.stop());

const check = () =>
  spawnSync("npm", ["run", "-s", "money", "--", "check"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: server.databaseUrl, LOG_LEVEL: "error" },
    encoding: "utf8",
  });

describe("npm run money -- check", () => {
  it("passes a sound ledger and fails, naming the account, on a balance that differs from its entries", async () => {
    const { wallet, clearing } = await walletAndClearing(deps);
    await postTransaction(
      deps,
      {
        kind: "payment",
        currency: "USD",
        entries: [
          { accountId: clearing.id, amount: -500n },
          { accountId: wallet.id, amount: 500n },
        ],
      },
      { idempotencyKey: key() },
    );
    const ok = check();
    expect(ok.stdout).toContain("0 differences");
    expect(ok.status).toBe(0);
    // A balance written behind the ledger's back (what no code path does).
    await server.ds.query(`UPDATE money_balances SET posted = posted + 1 WHERE account_id = $1`, [wallet.id]);
    const bad = check();
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain(`balance\t${wallet.id}\texpected 500\tfound 501`);
    expect(bad.stdout).toContain("currency_total\tUSD");
  }, 120_000);
});
