import type { LanguageCode } from "../i18n/languages";

const collators = new Map<string, Intl.Collator>();

/** The reader's collation (one Intl.Collator per language, numbers in numeric order). */
export function collator(lang: LanguageCode): Intl.Collator {
  let c = collators.get(lang);
  if (!c) collators.set(lang, (c = new Intl.Collator(lang, { numeric: true })));
  return c;
}

/** A copy of `items` in the reader's order of `name(item)`. */
export function sortByName<T>(items: readonly T[], lang: LanguageCode, name: (item: T) => string): T[] {
  const c = collator(lang);
  return [...items].sort((a, b) => c.compare(name(a), name(b)));
}

/** A person's name in the reader's script: the Arabic one for Arabic readers, else the Latin one (the shown name where missing). */
export const personSortName = (
  p: { displayName: string; fullName?: string | null; fullNameAr?: string | null },
  lang: LanguageCode,
): string => (lang === "ar" ? p.fullNameAr || p.displayName : p.fullName || p.displayName);
