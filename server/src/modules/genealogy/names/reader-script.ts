import type { Language } from "../../../common/i18n.js";

/** A person's name in the reader's script first, when a record gives it in Latin and Arabic letters (null when neither). */
export function inReaderScript(language: Language, latin: string | null | undefined, arabic: string | null | undefined): string | null {
  return (language === "ar" ? arabic || latin : latin || arabic) || null;
}
