import type { Readable } from "node:stream";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { logger } from "../../../common/logger.js";
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

/**
 * exceljs's streaming reader pipes the file into unzipper's parser and takes its entries until
 * the parser's 'end' event; but unzipper emits 'end' itself as soon as it has parsed the last
 * byte (on 'finish'), while entries it parsed may still wait in its buffer for a reader busy with
 * an earlier one (writing a worksheet aside until the shared strings come). The reader then
 * stopped there: on a busy server a workbook lost its shared strings and workbook part
 * ("Cannot read properties of undefined (reading 'sheets')", the job failed as unreadable), or
 * all its rows. An 'end' emitted while entries are still buffered is dropped: the stream's own
 * 'end' follows once the reader has taken them all. (Known upstream and still open: exceljs issue
 * #3064. Here, about one read in 300 under load. Should exceljs stop piping into that parser, this
 * does nothing.)
 */
function endingAfterItsEntries(input: Readable): Readable {
  const pipe = input.pipe.bind(input);
  input.pipe = <T extends NodeJS.WritableStream>(dest: T, options?: { end?: boolean }): T => {
    const target = dest as unknown as Readable;
    const emit = target.emit.bind(target);
    target.emit = (event: string | symbol, ...args: unknown[]): boolean =>
      event === "end" && !target.readableEnded && target.readableLength > 0 ? false : emit(event, ...args);
    return pipe(dest, options);
  };
  return input;
}

async function* readXlsx(input: Readable): AsyncGenerator<SheetRow> {
  let reader: ExcelJS.stream.xlsx.WorkbookReader;
  try {
    reader = new ExcelJS.stream.xlsx.WorkbookReader(endingAfterItsEntries(input), {
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
    // The member is told the file is unreadable; why (the reader's own error) is kept here.
    logger.warn("Workbook not readable", { err: String(err) });
    throw new UnreadableFileError("ingestion.sheet_unreadable");
  }
}
