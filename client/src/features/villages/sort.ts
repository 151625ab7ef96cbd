import type { LanguageCode } from "../../i18n/languages";
import { collator } from "../../lib/collate";

interface Named {
  name: string;
  nameAr?: string | null;
  nameFr?: string | null;
}

/** The name a list sorts on: Arabic readers sort on the Arabic name (the Latin one where there is none). */
export const sortName = (v: Named, lang: LanguageCode): string =>
  lang === "ar" ? v.nameAr || v.name : lang === "fr" ? v.nameFr || v.name : v.name;

/** Villages in the reader's order (Arabic collation for Arabic readers), for lists kept on the client. */
export function sortVillages<T extends Named>(villages: readonly T[], lang: LanguageCode): T[] {
  const c = collator(lang);
  return [...villages].sort((a, b) => c.compare(sortName(a, lang), sortName(b, lang)));
}
