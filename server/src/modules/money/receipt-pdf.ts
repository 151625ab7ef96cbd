import { readFileSync } from "node:fs";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { type Language, runtimeKey, translate } from "../../common/i18n.js";
import { visualRuns } from "./bidi-text.js";
import { receiptFields, type ReceiptRate } from "./receipt-fields.js";
import { receiptNumber, type ReceiptRow } from "./receipts.service.js";

/** The committed Noto fonts (OFL; see server/assets/fonts/SOURCES.md), read once. */
const FONT_FILES = {
  latin: "NotoSans-Regular.ttf",
  latinBold: "NotoSans-Bold.ttf",
  arabic: "NotoNaskhArabic-Regular.ttf",
  arabicBold: "NotoNaskhArabic-Bold.ttf",
} as const;
type FontName = keyof typeof FONT_FILES;
let fonts: Record<FontName, Buffer> | null = null;
const fontData = (): Record<FontName, Buffer> =>
  (fonts ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([name, file]) => [name, readFileSync(new URL(`../../../assets/fonts/${file}`, import.meta.url))]),
  ) as Record<FontName, Buffer>);

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const LABEL_WIDTH = 170;

/**
 * A run is laid out whole: pdfkit otherwise lays out word by word, left to right, which turns the
 * words of an Arabic run around (any `features`, even none beyond the script's own, makes it pass
 * the whole run to fontkit, which shapes it and lays it out right to left).
 */
const WHOLE_RUN = { features: [] };

interface LineStyle {
  size: number;
  bold?: boolean;
  color?: string;
}

/**
 * Draws one line at `y`, its runs in visual order (bidi-js), each in its script's font; in a
 * right-to-left document it ends at `edge` (the right side), otherwise it starts there.
 */
function drawLine(doc: PDFKit.PDFDocument, text: string, dir: "rtl" | "ltr", edge: number, y: number, style: LineStyle): void {
  const runs = visualRuns(text, dir).map((run) => {
    const font: FontName = run.arabic ? (style.bold ? "arabicBold" : "arabic") : style.bold ? "latinBold" : "latin";
    doc.font(font).fontSize(style.size);
    return { ...run, font, width: doc.widthOfString(run.text, WHOLE_RUN) };
  });
  const total = runs.reduce((sum, r) => sum + r.width, 0);
  let x = dir === "rtl" ? edge - total : edge;
  doc.fillColor(style.color ?? "#1f2933");
  for (const run of runs) {
    doc
      .font(run.font)
      .fontSize(style.size)
      .text(run.text, x, y, { ...WHOLE_RUN, lineBreak: false });
    x += run.width;
  }
}

/**
 * The receipt as a PDF in `lang`, the same lines as its HTML page (`receiptFields`), right to
 * left in Arabic, with the verification code and its QR pointing at the public check.
 */
export async function receiptPdf(r: ReceiptRow, lang: Language, opts: { verifyUrl: string; rate: ReceiptRate | null }): Promise<Buffer> {
  const t = (key: string) => translate(runtimeKey(key), lang);
  const dir = lang === "ar" ? "rtl" : "ltr";
  const qr = await QRCode.toBuffer(opts.verifyUrl, { errorCorrectionLevel: "M", margin: 1, width: 360 });
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    lang,
    displayTitle: true,
    info: {
      Title: `${t("money.receipt.title")} ${receiptNumber(r.year, r.seq)}`,
      Author: "Roots",
      CreationDate: r.created_at,
    },
  });
  for (const [name, data] of Object.entries(fontData())) doc.registerFont(name, data);
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const start = dir === "rtl" ? right : left;
  const valueEdge = dir === "rtl" ? right - LABEL_WIDTH : left + LABEL_WIDTH;
  let y = PAGE.margin;
  drawLine(doc, t("money.receipt.title"), dir, start, y, { size: 22, bold: true });
  y += 48;
  for (const field of receiptFields(r, lang, opts.rate)) {
    drawLine(doc, field.label, dir, start, y, { size: 11, color: "#52606d" });
    drawLine(doc, field.value, dir, valueEdge, y, { size: 12, bold: field.code });
    y += 26;
    doc
      .moveTo(left, y - 6)
      .lineTo(right, y - 6)
      .lineWidth(0.5)
      .strokeColor("#d9dee3")
      .stroke();
  }
  y += 18;
  const qrSize = 120;
  doc.image(qr, dir === "rtl" ? right - qrSize : left, y, { width: qrSize, height: qrSize });
  y += qrSize + 14;
  drawLine(doc, t("money.receipt.verify_at"), dir, start, y, { size: 10 });
  drawLine(doc, opts.verifyUrl, dir, start, y + 16, { size: 10, color: "#1d4ed8" });
  doc.end();
  return done;
}
