import type { DataSource } from "typeorm";
import { systemClock } from "../../common/clock.js";
import { currentRate, setExchangeRate } from "../money/index.js";

/**
 * Demo databases only: an LBP rate, so a request's government fee (set in LBP) can be quoted at
 * once. Elsewhere staff keep the rate at /management/payments; until then a submission is
 * refused with money's translated "no rate" error and nothing is written.
 */
export async function seedDemoRate(ds: DataSource): Promise<void> {
  if (await currentRate(ds, "LBP")) return;
  const today = systemClock.now().toISOString().slice(0, 10);
  await setExchangeRate(
    { ds, clock: systemClock },
    { currency: "LBP", perUsd: "89500", source: "Banque du Liban (demo)", effectiveOn: today, by: null },
  );
}
