import Papa from "papaparse";
import type { DataSource } from "typeorm";
import { translate, type Language } from "../../common/i18n.js";
import { ImportStatus, type ImportJob } from "./import-job.entity.js";
import type { SheetField } from "./spreadsheet/headers.js";
import { MIN_PARENT_GAP_YEARS } from "../genealogy/people/person.service.js";

/** Excel opens UTF-8 CSV (Arabic included) correctly only with a byte-order mark. */
const BOM = "\uFEFF";

/** The template's columns, with header texts in the member's language that the importer recognises. */
const TEMPLATE: SheetField[] = ["id", "fullName", "fullNameAr", "fatherName", "grandfatherName", "motherName", "gender", "birthDate", "birthPlace", "deathDate", "village", "father", "mother", "spouse", "notes"];

const EXAMPLE: Record<string, string>[] = [
  { id: "1", fullName: "Youssef Boutros Khoury", fullNameAr: "يوسف بطرس الخوري", fatherName: "Boutros", grandfatherName: "Hanna", motherName: "Mariam", gender: "M", birthDate: "ABT 1890", birthPlace: "Zahle", deathDate: "1961", village: "Zahle", father: "", mother: "", spouse: "2", notes: "" },
  { id: "2", fullName: "Mariam Haddad", fullNameAr: "مريم حداد", fatherName: "", grandfatherName: "", motherName: "", gender: "F", birthDate: "1895", birthPlace: "", deathDate: "1970", village: "Zahle", father: "", mother: "", spouse: "1", notes: "" },
  { id: "3", fullName: "Boutros Youssef Khoury", fullNameAr: "بطرس يوسف الخوري", fatherName: "Youssef", grandfatherName: "Boutros", motherName: "Mariam", gender: "M", birthDate: "12/03/1920", birthPlace: "Zahle", deathDate: "", village: "Zahle", father: "1", mother: "2", spouse: "", notes: "" },
];

export function templateCsv(lang: Language): string {
  const header = TEMPLATE.map((f) => translate(`ingestion.field.${f}`, lang));
  return BOM + Papa.unparse([header, ...EXAMPLE.map((row) => TEMPLATE.map((f) => row[f] ?? ""))]);
}

/** Refused rows with their reasons and the original cells, to fix and upload again. */
export async function errorReportCsv(ds: DataSource, job: ImportJob, lang: Language): Promise<string> {
  const rows: { line: number | null; kind: string; data: { raw?: string[] }; error_keys: string[] }[] = await ds.query(
    // A done import's refused records are kept in import_outcomes (import_staged is UNLOGGED and pruned).
    `SELECT line, kind, data, error_keys FROM ${job.status === ImportStatus.DONE ? "import_outcomes" : "import_staged"} WHERE job_id = $1 AND error_keys <> '{}' ORDER BY seq LIMIT 100000`,
    [job.id],
  );
  const warnings: { line: number | null; key: string; params: Record<string, string | number> | null }[] = await ds.query(
    `SELECT line, key, params FROM import_warnings WHERE job_id = $1 ORDER BY seq`,
    [job.id],
  );
  const headers = ((job.options as { headers?: string[] }).headers ?? []).map(String);
  const head = [translate("ingestion.report.row", lang), translate("ingestion.report.problem", lang), ...headers];
  const lines = [
    ...rows.map((r) => [String(r.line ?? ""), r.error_keys.map((k) => translate(k, lang, { years: MIN_PARENT_GAP_YEARS })).join("; "), ...(r.data.raw ?? [])]),
    ...warnings.map((w) => [String(w.line ?? ""), translate(w.key, lang, w.params ?? {})]),
  ];
  return BOM + Papa.unparse([head, ...lines]);
}
