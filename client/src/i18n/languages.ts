/** The language table: code, text direction and the Intl locale used for formatting. */
export const LANGUAGES = [
  { code: "ar", dir: "rtl", locale: "ar-LB-u-nu-latn" },
  { code: "en", dir: "ltr", locale: "en-GB" },
  { code: "fr", dir: "ltr", locale: "fr-FR" },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]["code"];
export const DEFAULT_LANGUAGE: LanguageCode = "ar";

export const isLanguage = (v: unknown): v is LanguageCode => LANGUAGES.some((l) => l.code === v);
export const languageInfo = (code: LanguageCode) => LANGUAGES.find((l) => l.code === code)!;

/**
 * First-visit rule (decisions.md): a valid saved choice, else the browser's first
 * language that is ar, fr or en, else Arabic.
 */
export function detectLanguage(saved: unknown, browserLanguages: readonly string[]): LanguageCode {
  if (isLanguage(saved)) return saved;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
