import { type Language, runtimeKey, translate } from "../../common/i18n.js";
import { formatMinor } from "./format.js";
import { receiptNumber, type ReceiptRow } from "./receipts.service.js";

/** The receipt pages' style, served as a file (the site's Content-Security-Policy refuses inline styles). */
export const RECEIPT_CSS = `body{font-family:system-ui,"Noto Naskh Arabic","Noto Sans",sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1f2933}
h1{font-size:1.4rem}table{border-collapse:collapse;width:100%}th,td{text-align:start;padding:.5rem;border-bottom:1px solid #d9dee3}
.ok{color:#0b6b3a;font-weight:600}`;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A receipt as an HTML page in `lang` (right to left in Arabic, amounts in the language's locale).
 * `verified` is the public check's page: it shows only what the receipt shows.
 */
export function receiptHtml(r: ReceiptRow, lang: Language, opts: { verified: boolean; verifyUrl: string }): string {
  const t = (key: string, params: Record<string, string | number> = {}) => esc(translate(runtimeKey(key), lang, params));
  const locale = translate(runtimeKey("money.locale"), lang);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "Asia/Beirut" }).format(r.created_at);
  const rows: [string, string][] = [
    [t("money.receipt.number"), esc(receiptNumber(r.year, r.seq))],
    [t("money.receipt.kind"), t(`money.receipt.kind_${r.kind}`)],
    [t("money.receipt.amount"), `<bdi>${esc(formatMinor(r.amount, r.currency, locale))}</bdi>`],
    [t("money.receipt.date"), esc(date)],
  ];
  if (typeof r.details.reference === "string") rows.push([t("money.receipt.reference"), `<bdi>${esc(r.details.reference)}</bdi>`]);
  rows.push([t("money.receipt.code"), `<bdi><code>${esc(r.code)}</code></bdi>`]);
  return `<!doctype html>
<html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${t("money.receipt.title")} ${esc(receiptNumber(r.year, r.seq))}</title>
<link rel="stylesheet" href="/receipts/receipt.css"></head>
<body><main>
<h1>${t("money.receipt.title")}</h1>
${opts.verified ? `<p class="ok">${t("money.receipt.verified")}</p>` : ""}
<table><tbody>${rows.map(([k, v]) => `<tr><th scope="row">${k}</th><td>${v}</td></tr>`).join("")}</tbody></table>
<p>${t("money.receipt.verify_at")} <a href="${esc(opts.verifyUrl)}"><bdi>${esc(opts.verifyUrl)}</bdi></a></p>
</main></body></html>`;
}

export function notFoundHtml(lang: Language): string {
  const t = (key: string) => esc(translate(runtimeKey(key), lang));
  return `<!doctype html><html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${t("money.receipt.not_found")}</title></head><body><main><h1>${t("money.receipt.not_found")}</h1></main></body></html>`;
}
