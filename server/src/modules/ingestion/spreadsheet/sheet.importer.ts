import { stagedId } from "../staging.js";
import { hasArabic, spellingKey } from "../../genealogy/index.js";
import { fileIdentity, UnreadableFileError, type Importer, type StageContext, type StageResult } from "../importer.js";
import { personColumns, type ImportedPerson } from "../person-record.js";
import { villageMatcher } from "../village-matcher.js";
import { openJobFile } from "../job-file.js";
import type { Names } from "../staged-names.js";
import { detectHeaders, SHEET_FIELDS, type SheetField } from "./headers.js";
import { readSheetRows, type SheetRow } from "./read.js";

export interface SheetOptions {
  headerRow: number;
  headers: string[];
  mapping: (SheetField | null)[];
}

/** A relationship cell, with the names of the row's person (for a warning about it). */
type Ref = { key: string; row: number; field: "father" | "mother" | "spouse"; value: string; record: Names };

/** The spreadsheet's own scheme for its id column: ids are only unique within one workbook. */
const schemeOf = (fileName: string) => `sheet:${fileIdentity(fileName) || "sheet"}`;

/** Reads the options a member set (a corrected mapping) or detects them from the first rows. */
async function sheetOptions(ctx: StageContext): Promise<SheetOptions> {
  const given = ctx.job.options as Partial<SheetOptions>;
  if (Array.isArray(given.mapping) && typeof given.headerRow === "number") {
    const mapping = given.mapping.map((f) => (f && (SHEET_FIELDS as readonly string[]).includes(f) ? f : null));
    return { headerRow: given.headerRow, headers: await rowCells(ctx, given.headerRow), mapping };
  }
  const first: string[][] = [];
  for await (const row of readSheetRows(() => openJobFile(ctx.config, ctx.job), ctx.job.fileName)) {
    first.push(row.cells);
    if (first.length >= 10) break;
  }
  if (!first.length) throw new UnreadableFileError("ingestion.empty_file");
  const guess = detectHeaders(first);
  if (!guess) return { headerRow: 0, headers: first[0], mapping: first[0].map(() => null) };
  return guess;
}

/** The cells of one row of the file (0-based), as headers: none when the file is shorter. */
async function rowCells(ctx: StageContext, index: number): Promise<string[]> {
  let i = 0;
  for await (const row of readSheetRows(() => openJobFile(ctx.config, ctx.job), ctx.job.fileName)) if (i++ === index) return row.cells;
  return [];
}

/** Spreadsheet import (.xlsx, .csv): one person per row, relationships from father/mother/spouse columns. */
export const sheetImporter: Importer = {
  async stage(ctx: StageContext): Promise<StageResult> {
    const options = await sheetOptions(ctx);
    const mapped = new Set(options.mapping.filter(Boolean));
    if (!mapped.has("fullName") && !mapped.has("fullNameAr") && !mapped.has("givenName")) {
      // Nothing to read a person from: back to review so the member can map the columns.
      await ctx.stager.warn({ line: options.headerRow + 1, key: "ingestion.warn.no_name_column" });
      return { counts: { parsed: 0 }, options: { ...options } };
    }
    const matchVillage = await villageMatcher(ctx.ds, ctx.job.rootspaceId);
    const scheme = schemeOf(ctx.job.fileName);
    const byId = new Map<string, string>();
    const byName = new Map<string, string | null>();
    const refs: Ref[] = [];
    let index = -1;
    let parsed = 0;
    for await (const row of readSheetRows(() => openJobFile(ctx.config, ctx.job), ctx.job.fileName)) {
      index++;
      if (index <= options.headerRow) continue;
      parsed++;
      const v = valuesOf(row, options.mapping);
      const id = v.id?.trim();
      const key = id ? `id:${id}` : `row:${row.number}`;
      const errorKeys: string[] = [];
      if (id && byId.has(id)) errorKeys.push("ingestion.row.duplicate_id");
      const person = toPerson(v);
      const villageId = v.village ? matchVillage(v.village) : null;
      const { columns, errors } = personColumns({ ...person, villageId }, ctx.today);
      // Warnings about the row name its person, as the file does.
      const record: Names = [columns.full_name as string | null, columns.full_name_ar as string | null];
      if (v.village && !villageId)
        await ctx.stager.warn({ line: row.number, key: "ingestion.warn.village_unmatched", params: { value: v.village }, record });
      errorKeys.push(...errors);
      if (!errorKeys.includes("ingestion.row.duplicate_id")) {
        if (id) byId.set(id, key);
        for (const n of [columns.full_name, columns.full_name_ar] as (string | null)[]) {
          if (!n) continue;
          const k = spellingKey(n);
          byName.set(k, byName.has(k) && byName.get(k) !== key ? null : key);
        }
      }
      for (const field of ["father", "mother", "spouse"] as const)
        if (v[field]) refs.push({ key, row: row.number, field, value: v[field]!, record });
      await ctx.stager.add({
        kind: "person",
        localKey: key,
        line: row.number,
        targetId: stagedId(),
        errorKeys,
        columns,
        data: { raw: row.cells, externalIds: id ? [{ scheme, value: id }] : [] },
      });
      await ctx.progress({ parsed });
    }
    // A header row set at or past the last row leaves nothing to read: say so.
    if (!parsed)
      await ctx.stager.warn({ line: options.headerRow + 1, key: "ingestion.warn.no_rows", params: { row: options.headerRow + 1 } });
    // Relationship columns name another row by its id, else by its exact name; a warning about
    // one names the column as the file's header does.
    const column = (field: SheetField) => options.headers[options.mapping.indexOf(field)]?.trim() || field;
    const spouses = new Set<string>();
    for (const ref of refs) {
      const target = byId.get(ref.value.trim()) ?? byName.get(spellingKey(ref.value));
      if (!target) {
        const key = byName.get(spellingKey(ref.value)) === null ? "ingestion.warn.ref_ambiguous" : "ingestion.warn.ref_unresolved";
        await ctx.stager.warn({ line: ref.row, key, params: { column: column(ref.field), value: ref.value }, record: ref.record });
        continue;
      }
      if (target === ref.key) {
        await ctx.stager.warn({
          line: ref.row,
          key: "ingestion.warn.ref_self",
          params: { column: column(ref.field), value: ref.value },
          record: ref.record,
        });
        continue;
      }
      if (ref.field === "spouse") {
        const pair = [ref.key, target].sort().join("|");
        if (spouses.has(pair)) continue;
        spouses.add(pair);
        await ctx.stager.add({
          kind: "union",
          localKey: null,
          line: ref.row,
          targetId: stagedId(),
          ends: [ref.key, target],
          data: { kind: "marriage" },
        });
      } else {
        await ctx.stager.add({
          kind: "link",
          localKey: null,
          line: ref.row,
          targetId: stagedId(),
          ends: [target, ref.key],
          data: { kind: "birth" },
        });
      }
    }
    return { counts: { parsed }, options: { ...options } };
  },
};

function valuesOf(row: SheetRow, mapping: (SheetField | null)[]): Partial<Record<SheetField, string>> {
  const v: Partial<Record<SheetField, string>> = {};
  mapping.forEach((field, i) => {
    const cell = row.cells[i]?.trim();
    if (field && cell && !v[field]) v[field] = cell;
  });
  return v;
}

/** A row's cells as a person; a missing full name is built from the patronymic chain. */
function toPerson(v: Partial<Record<SheetField, string>>): ImportedPerson {
  const composed = [v.givenName, v.fatherName, v.familyName].filter(Boolean).join(" ") || null;
  const composedIsArabic = composed !== null && hasArabic(composed);
  return {
    fullName: v.fullName ?? (composed && !composedIsArabic ? composed : null),
    fullNameAr: v.fullNameAr ?? (composed && composedIsArabic ? composed : null),
    givenName: v.givenName,
    fatherName: v.fatherName,
    grandfatherName: v.grandfatherName,
    motherName: v.motherName,
    gender: v.gender,
    birthDate: sheetDate(v.birthDate),
    birthPlace: v.birthPlace,
    deathDate: sheetDate(v.deathDate),
    deathPlace: v.deathPlace,
    occupation: v.occupation,
    bio: v.notes,
    currentLocation: v.currentLocation,
    currentCountry: v.currentCountry,
    registrationNumber: v.registrationNumber,
    sources: v.sources,
  };
}

/**
 * Dates as spreadsheets hold them: Arabic-Indic digits become ASCII, and day-first numeric
 * dates (12/03/1920, 12-03-1920, 12.03.1920, as written in Lebanon and France) become ISO.
 */
export function sheetDate(value: string | undefined): string | undefined {
  if (!value) return value;
  const t = value
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .trim();
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  return m ? `${m[3]}-${m[2].padStart(2, "0")}-${m[1].padStart(2, "0")}` : t;
}
