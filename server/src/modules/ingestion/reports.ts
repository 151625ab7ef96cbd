import Papa from "papaparse";
import type { DataSource } from "typeorm";
import { type Language, runtimeKey, translate } from "../../common/i18n.js";
import { ImportStatus, type ImportJob } from "./import-job.entity.js";
import type { SheetField } from "./spreadsheet/headers.js";
import { MIN_PARENT_GAP_YEARS } from "../genealogy/index.js";
import { END_NAMES, endNames, warningRecord, type EndsRow, type WarningRow } from "./staged-names.js";
import { inReaderScript } from "../genealogy/index.js";

/** Excel opens UTF-8 CSV (Arabic included) correctly only with a byte-order mark. */
const BOM = "\uFEFF";

/** The template's columns, with header texts in the member's language that the importer recognises. */
const TEMPLATE: SheetField[] = [
  "id",
  "fullName",
  "fullNameAr",
  "fatherName",
  "grandfatherName",
  "motherName",
  "gender",
  "birthDate",
  "birthPlace",
  "deathDate",
  "village",
  "father",
  "mother",
  "spouse",
  "notes",
];

const EXAMPLE: Record<string, string>[] = [
  {
    id: "1",
    fullName: "Youssef Boutros Khoury",
    fullNameAr: "يوسف بطرس الخوري",
    fatherName: "Boutros",
    grandfatherName: "Hanna",
    motherName: "Mariam",
    gender: "M",
    birthDate: "ABT 1890",
    birthPlace: "Zahle",
    deathDate: "1961",
    village: "Zahle",
    father: "",
    mother: "",
    spouse: "2",
    notes: "",
  },
  {
    id: "2",
    fullName: "Mariam Haddad",
    fullNameAr: "مريم حداد",
    fatherName: "",
    grandfatherName: "",
    motherName: "",
    gender: "F",
    birthDate: "1895",
    birthPlace: "",
    deathDate: "1970",
    village: "Zahle",
    father: "",
    mother: "",
    spouse: "1",
    notes: "",
  },
  {
    id: "3",
    fullName: "Boutros Youssef Khoury",
    fullNameAr: "بطرس يوسف الخوري",
    fatherName: "Youssef",
    grandfatherName: "Boutros",
    motherName: "Mariam",
    gender: "M",
    birthDate: "1920-03-12",
    birthPlace: "Zahle",
    deathDate: "",
    village: "Zahle",
    father: "1",
    mother: "2",
    spouse: "",
    notes: "",
  },
];

/** Gender as people write it in each language (the importer reads all of them). */
const GENDER: Record<Language, Record<string, string>> = { en: { M: "M", F: "F" }, ar: { M: "ذكر", F: "أنثى" }, fr: { M: "H", F: "F" } };

export function templateCsv(lang: Language): string {
  const header = TEMPLATE.map((f) => translate(`ingestion.field.${f}`, lang));
  const cell = (row: Record<string, string>, f: SheetField) => (f === "gender" ? (GENDER[lang][row.gender] ?? row.gender) : (row[f] ?? ""));
  return BOM + Papa.unparse([header, ...EXAMPLE.map((row) => TEMPLATE.map((f) => cell(row, f)))]);
}

/**
 * What was refused and what was only noted, to fix and upload again: one line per refused record
 * (its line or row, what it is — a person's name, a link's two people — why, and a spreadsheet
 * row's original cells), then one per warning; each says which of the two it is.
 */
export async function errorReportCsv(ds: DataSource, job: ImportJob, lang: Language): Promise<string> {
  type Row = EndsRow & { line: number | null; data: { raw?: string[] }; error_keys: string[]; local_key: string | null } & Record<
      "full_name" | "full_name_ar",
      string | null
    >;
  const rows: Row[] = await ds.query(
    // A done import's refused records are kept in import_outcomes (import_staged is UNLOGGED and pruned).
    `SELECT line, kind, data, error_keys, local_key, from_key, to_key, full_name, full_name_ar, ${END_NAMES}
       FROM ${job.status === ImportStatus.DONE ? "import_outcomes" : "import_staged"} WHERE job_id = $1 AND error_keys <> '{}' ORDER BY seq LIMIT 100000`,
    [job.id],
  );
  const warnings: WarningRow[] = await ds.query(`SELECT line, key, params, record FROM import_warnings WHERE job_id = $1 ORDER BY seq`, [
    job.id,
  ]);
  const ends = await endNames(ds, job.id, rows, lang);
  const what = (r: Row) => {
    const [from, to] = ends(r);
    if (from !== undefined) return translate(runtimeKey(`ingestion.review.ends_${r.kind}`), lang, { from, to });
    return inReaderScript(lang, r.full_name, r.full_name_ar) ?? r.local_key ?? "";
  };
  const headers = ((job.options as { headers?: string[] }).headers ?? []).map(String);
  const where = translate(job.kind === "gedcom" ? "ingestion.report.line" : "ingestion.report.row", lang);
  const head = [
    where,
    translate("ingestion.report.severity", lang),
    translate("ingestion.report.record", lang),
    translate("ingestion.report.problem", lang),
    ...headers,
  ];
  const refused = translate("ingestion.report.refused", lang);
  const noted = translate("ingestion.report.warning", lang);
  const lines = [
    ...rows.map((r) => [
      String(r.line ?? ""),
      refused,
      what(r),
      r.error_keys.map((k) => translate(runtimeKey(k), lang, { years: MIN_PARENT_GAP_YEARS })).join("; "),
      ...(r.data.raw ?? []),
    ]),
    ...warnings.map((w) => [String(w.line ?? ""), noted, warningRecord(w, lang) ?? "", translate(runtimeKey(w.key), lang, w.params ?? {})]),
  ];
  // A cell starting with = + - @ (a key like @I2@, a name typed so) is text, never a formula, in a spreadsheet program.
  return BOM + Papa.unparse([head, ...lines], { escapeFormulae: true });
}
