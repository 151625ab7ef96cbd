import { type Language, runtimeKey, translate } from "../../common/i18n.js";
import { formatMinor } from "./format.js";
import type { Db } from "./ledger.types.js";
import { receiptNumber, type ReceiptRow } from "./receipts.service.js";

/** The LBP rate a receipt's transaction was quoted at (the transaction records the rate row). */
export interface ReceiptRate {
  perUsd: string;
  source: string;
  effectiveOn: string;
}

export async function receiptRate(db: Db, transactionId: string): Promise<ReceiptRate | null> {
  const [row]: ReceiptRate[] = await db.query(
    `SELECT r.per_usd::text AS "perUsd", r.source, r.effective_on::text AS "effectiveOn"
       FROM money_transactions t JOIN money_exchange_rates r ON r.id = t.rate_id WHERE t.id = $1`,
    [transactionId],
  );
  return row ?? null;
}

/** One line of a receipt: its label and its value, in the reader's language; `code` marks a value shown as code. */
export interface ReceiptField {
  label: string;
  value: string;
  code?: boolean;
}

/** An exact decimal without its trailing zeros (`89500.000000` → `89500`), digits grouped in the locale, never through a float. */
function decimalIn(decimal: string, locale: string): string {
  const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
  return (nf.format as unknown as (v: string) => string)(decimal);
}

/**
 * What a receipt shows, in `lang`, for its HTML page and its PDF alike: number, kind, amount,
 * date, the payment's reference, and (when the transaction was quoted in LBP) the LBP amount,
 * the rate, its source and its day; then the verification code.
 */
export function receiptFields(r: ReceiptRow, lang: Language, rate: ReceiptRate | null): ReceiptField[] {
  const t = (key: string, params: Record<string, string | number> = {}) => translate(runtimeKey(key), lang, params);
  const locale = t("money.locale");
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "Asia/Beirut" });
  const fields: ReceiptField[] = [
    { label: t("money.receipt.number"), value: receiptNumber(r.year, r.seq) },
    { label: t("money.receipt.kind"), value: t(`money.receipt.kind_${r.kind}`) },
    { label: t("money.receipt.amount"), value: formatMinor(r.amount, r.currency, locale) },
    { label: t("money.receipt.date"), value: date.format(r.created_at) },
  ];
  if (typeof r.details.reference === "string") fields.push({ label: t("money.receipt.reference"), value: r.details.reference });
  const lbp = r.details.lbp;
  if (typeof lbp === "string" && /^[0-9]+$/.test(lbp))
    fields.push({ label: t("money.receipt.lbp"), value: formatMinor(lbp, "LBP", locale) });
  if (rate) {
    fields.push({ label: t("money.receipt.rate"), value: t("money.receipt.rate_value", { rate: decimalIn(rate.perUsd, locale) }) });
    fields.push({ label: t("money.receipt.rate_source"), value: rate.source });
    fields.push({
      label: t("money.receipt.rate_date"),
      value: new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${rate.effectiveOn}T00:00:00Z`)),
    });
  }
  fields.push({ label: t("money.receipt.code"), value: r.code, code: true });
  return fields;
}
