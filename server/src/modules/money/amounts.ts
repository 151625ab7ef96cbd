import { CURRENCIES, type Currency } from "./ledger.types.js";
import { moneyError } from "./errors.js";

/** Parses a GraphQL amount: a digit string of minor units (cents), never a float. */
export function parseMinor(value: string, max: bigint, field = "amount"): bigint {
  if (typeof value !== "string" || !/^[0-9]{1,19}$/.test(value)) throw moneyError("money.errors.amount", field);
  return checkAmount(BigInt(value), max, field);
}

/** A positive whole amount no larger than `max` (MONEY_MAX_MINOR). */
export function checkAmount(value: bigint, max: bigint, field = "amount"): bigint {
  if (typeof value !== "bigint" || value <= 0n) throw moneyError("money.errors.amount", field);
  if (value > max) throw moneyError("money.errors.amount_too_large", field, { max: max.toString() });
  return value;
}

export function checkCurrency(value: string, field = "currency"): Currency {
  if (!(CURRENCIES as readonly string[]).includes(value)) throw moneyError("money.errors.currency", field);
  return value as Currency;
}

export const maxMinor = (config: { MONEY_MAX_MINOR: string }): bigint => BigInt(config.MONEY_MAX_MINOR);

/** A JSON text of `value` with sorted keys and BigInts as digit strings: what a request's SHA-256 is taken over. */
export function canonicalJson(value: unknown): string {
  if (typeof value === "bigint") return JSON.stringify(value.toString());
  if (value === undefined || value === null) return "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === "object")
    return `{${Object.keys(value as object)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}
