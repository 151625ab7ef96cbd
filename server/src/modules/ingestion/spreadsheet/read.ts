import type { Readable } from "node:stream";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { UnreadableFileError } from "../importer.js";

/** Text of one spreadsheet cell as a person typed it (dates as yyyy-mm-dd). */
export function cellText(value: unknown): string {
  if (value == null) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    const v = value as { text?: unknown; richText?: { text: string }[]; result?: unknown; hyperlink?: string; error?: string };
    if (v.richText)
      return v.richText
        .map((r) => r.text)
        .join("")
        .trim();
    if (v.text !== undefined) return cellText(v.text);
    if (v.result !== undefined) return cellText(v.result);
    return "";
  }
  return String(value).trim();
}

export interface SheetRow {
  /** 1-based row number as the spreadsheet program shows it. */
  number: number;
  cells: string[];
}

/**
 * Rows of a .csv (UTF-8, with or without BOM; comma, semicolon or tab) or .xlsx (first sheet),
 * streamed from `open()` (the stored upload); a reader stopped early lets the file go.
 */
export async function* readSheetRows(open: () => Promise<Readable>, fileName: string): AsyncGenerator<SheetRow> {
  const xlsx = /\.xlsx$/i.test(fileName);
  if (!xlsx && !/\.(csv|tsv|txt)$/i.test(fileName)) throw new UnreadableFileError("ingestion.sheet_type");
  const input = await open();
  try {
    if (xlsx) {
      yield* readXlsx(input);
      return;
    }
    const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {});
    const stream = input.pipe(parser);
    let number = 0;
    for await (const row of stream as AsyncIterable<string[]>) {
      number++;
      if (number === 1 && row.length) row[0] = row[0].replace(/^\uFEFF/, "");
      const cells = row.map((c) => (c ?? "").trim());
      if (cells.some(Boolean)) yield { number, cells };
    }
  } finally {
    input.destroy();
  }
}

async function* readXlsx(input: Readable): AsyncGenerator<SheetRow> {
  let reader: ExcelJS.stream.xlsx.WorkbookReader;
  try {
    reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
      sharedStrings: "cache",
      hyperlinks: "ignore",
      styles: "cache",
      worksheets: "emit",
    });
  } catch {
    throw new UnreadableFileError("ingestion.sheet_unreadable");
  }
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as unknown[]).slice(1).map(cellText);
        if (values.some(Boolean)) yield { number: row.number, cells: values };
      }
      return; // the first worksheet only
    }
  } catch (err) {
    if (err instanceof UnreadableFileError) throw err;
    throw new UnreadableFileError("ingestion.sheet_unreadable");
  }
}
