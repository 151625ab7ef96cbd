import type { LanguageCode } from "../i18n/languages";

/** Picks the reader's variant of a three-language field, falling back to English. */
export function localized(lang: LanguageCode, en: string | null | undefined, ar?: string | null, fr?: string | null): string {
  const pick = lang === "ar" ? ar : lang === "fr" ? fr : en;
  return pick || en || "";
}

/** A person's name in the reader's script first, when a record gives it in Latin and Arabic letters. */
export function inReaderScript(
  lang: LanguageCode,
  latin: string | null | undefined,
  arabic: string | null | undefined,
): string | null | undefined {
  return lang === "ar" ? arabic || latin : latin || arabic;
}
