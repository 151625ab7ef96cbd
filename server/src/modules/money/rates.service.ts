import { newId } from "../../common/uuid.js";
import { audit } from "../audit/index.js";
import { checkAmount, maxMinor } from "./amounts.js";
import { moneyError } from "./errors.js";
import type { Db, MoneyDeps } from "./ledger.types.js";

export interface RateRow {
  id: string;
  currency: "LBP";
  /** LBP per USD, an exact decimal as PostgreSQL keeps it (`89500.000000`). */
  per_usd: string;
  source: string;
  effective_on: string;
  created_by: string | null;
  created_at: Date;
}

const DECIMAL = /^(?:0|[1-9][0-9]{0,13})(?:\.([0-9]{1,6}))?$/;

/** A decimal string as an integer of millionths (`89500.5` → 89500500000n), never through a float. */
export function micros(decimal: string): bigint {
  const m = DECIMAL.exec(decimal);
  if (!m) throw moneyError("money.errors.rate", "perUsd");
  const [whole, frac = ""] = decimal.split(".");
  const v = BigInt(whole) * 1_000_000n + BigInt(frac.padEnd(6, "0"));
  if (v <= 0n) throw moneyError("money.errors.rate", "perUsd");
  return v;
}

/** Staff keep the LBP rate (exact decimal, its source and its day; audited). */
export async function setExchangeRate(
  deps: Pick<MoneyDeps, "ds" | "clock">,
  spec: { currency: string; perUsd: string; source: string; effectiveOn: string; by: string | null },
): Promise<RateRow> {
  if (spec.currency !== "LBP") throw moneyError("money.errors.currency", "currency");
  micros(spec.perUsd);
  const source = typeof spec.source === "string" ? spec.source.trim() : "";
  if (source.length < 2 || source.length > 200) throw moneyError("money.errors.rate_source", "source");
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(spec.effectiveOn) ||
    Number.isNaN(Date.parse(`${spec.effectiveOn}T00:00:00Z`)) ||
    new Date(`${spec.effectiveOn}T00:00:00Z`).toISOString().slice(0, 10) !== spec.effectiveOn
  )
    throw moneyError("money.errors.rate_date", "effectiveOn");
  return deps.ds.transaction(async (tx) => {
    const [row]: RateRow[] = await tx.query(
      `INSERT INTO money_exchange_rates (id, currency, per_usd, source, effective_on, created_by, created_at) VALUES ($1, 'LBP', $2, $3, $4, $5, $6)
       RETURNING id, currency, per_usd::text, source, effective_on::text, created_by, created_at`,
      [newId(), spec.perUsd, source, spec.effectiveOn, spec.by, deps.clock.now()],
    );
    await audit(tx, {
      tableName: "money_exchange_rates",
      recordId: row.id,
      userId: spec.by,
      action: "create",
      after: { perUsd: row.per_usd, source, effectiveOn: row.effective_on },
    });
    return row;
  });
}

/** The rate in force: the latest day's, the last one set that day. */
export async function currentRate(db: Db, currency = "LBP"): Promise<RateRow | null> {
  const [row]: RateRow[] = await db.query(
    `SELECT id, currency, per_usd::text, source, effective_on::text, created_by, created_at FROM money_exchange_rates
      WHERE currency = $1 ORDER BY effective_on DESC, created_at DESC LIMIT 1`,
    [currency],
  );
  return row ?? null;
}

export async function recentRates(db: Db, limit = 20): Promise<RateRow[]> {
  return db.query(
    `SELECT id, currency, per_usd::text, source, effective_on::text, created_by, created_at FROM money_exchange_rates ORDER BY effective_on DESC, created_at DESC LIMIT $1`,
    [limit],
  );
}

/** `n / d` rounded half-up, for positive integers. */
export const divHalfUp = (n: bigint, d: bigint): bigint => (2n * n + d) / (2n * d);

/**
 * A government fee set in LBP, in USD cents at the kept rate, rounded half-up to the cent; the
 * rate row goes on the transaction (`rateId`) and the receipt shows LBP, rate, source and day.
 */
export async function quoteUsd(
  deps: Pick<MoneyDeps, "ds" | "config">,
  lbpMinor: bigint,
): Promise<{ usdMinor: bigint; lbpMinor: bigint; rate: RateRow }> {
  checkAmount(lbpMinor, maxMinor(deps.config) * 1_000_000n, "amount");
  const rate = await currentRate(deps.ds, "LBP");
  if (!rate) throw moneyError("money.errors.no_rate", "currency");
  // cents = LBP minor / (LBP per USD): with the rate in millionths, (lbp × 10⁶) / micros.
  const usdMinor = divHalfUp(lbpMinor * 1_000_000n, micros(rate.per_usd.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "")));
  return { usdMinor, lbpMinor, rate };
}
