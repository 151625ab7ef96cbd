import { type Language, runtimeKey, translate } from "../../common/i18n.js";
import { receiptFields, type ReceiptRate } from "./receipt-fields.js";
import { receiptNumber, type ReceiptRow } from "./receipts.service.js";

/** The receipt pages' style, served as a file (the site's Content-Security-Policy refuses inline styles). */
export const RECEIPT_CSS = `body{font-family:system-ui,"Noto Naskh Arabic","Noto Sans",sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1f2933}
h1{font-size:1.4rem}table{border-collapse:collapse;width:100%}th,td{text-align:start;padding:.5rem;border-bottom:1px solid #d9dee3}
.ok{color:#0b6b3a;font-weight:600}`;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A receipt as an HTML page in `lang` (right to left in Arabic, amounts in the language's locale).
 * `verified` is the public check's page: it shows only what the receipt shows. `pdfUrl`: the
 * member's own page links its PDF.
 */
export function receiptHtml(
  r: ReceiptRow,
  lang: Language,
  opts: { verified: boolean; verifyUrl: string; rate: ReceiptRate | null; pdfUrl?: string },
): string {
  const t = (key: string) => esc(translate(runtimeKey(key), lang));
  const rows = receiptFields(r, lang, opts.rate).map(
    (f) => `<tr><th scope="row">${esc(f.label)}</th><td><bdi>${f.code ? `<code>${esc(f.value)}</code>` : esc(f.value)}</bdi></td></tr>`,
  );
  return `<!doctype html>
<html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${t("money.receipt.title")} ${esc(receiptNumber(r.year, r.seq))}</title>
<link rel="stylesheet" href="/receipts/receipt.css"></head>
<body><main>
<h1>${t("money.receipt.title")}</h1>
${opts.verified ? `<p class="ok">${t("money.receipt.verified")}</p>` : ""}
<table><tbody>${rows.join("")}</tbody></table>
<p>${t("money.receipt.verify_at")} <a href="${esc(opts.verifyUrl)}"><bdi>${esc(opts.verifyUrl)}</bdi></a></p>
${opts.pdfUrl ? `<p><a href="${esc(opts.pdfUrl)}">${t("money.receipt.pdf")}</a></p>` : ""}
</main></body></html>`;
}

export function notFoundHtml(lang: Language): string {
  const t = (key: string) => esc(translate(runtimeKey(key), lang));
  return `<!doctype html><html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${t("money.receipt.not_found")}</title></head><body><main><h1>${t("money.receipt.not_found")}</h1></main></body></html>`;
}
