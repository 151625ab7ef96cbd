import Papa from "papaparse";
import { LANGUAGES, type LanguageCode } from "./languages";

export type Resources = Record<LanguageCode, { translation: Record<string, string> }>;

/** Parses the translations CSV (key, label, English, Arabic, French) into i18next resources. */
export function parseTranslations(text: string): Resources {
  const { data } = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: true });
  const out = Object.fromEntries(LANGUAGES.map((l) => [l.code, { translation: {} as Record<string, string> }])) as Resources;
  for (const row of data) {
    const key = row.key?.trim();
    if (!key) continue;
    for (const { code } of LANGUAGES) {
      const value = row[code];
      // An empty cell is a key that "failed to load": i18next falls back to English.
      if (value) out[code].translation[key] = value;
    }
  }
  return out;
}
