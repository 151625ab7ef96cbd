import { spellingKey } from "../names/normalize.js";
import type { Village } from "./village.entity.js";

/** A spelling followed by the country ("زحله، لبنان"), as the gazetteer's sources often give it. */
const COUNTRY_SUFFIX = /\s*[,،]\s*(lebanon|liban|لبنان)\s*$/iu;

const keyOf = (name: string) => spellingKey(name.replace(COUNTRY_SUFFIX, ""));

/**
 * A village's other names as a reader wants them listed: its known spellings (kept whole for
 * search) less those that are one of its names already, or an earlier one, once accents, Arabic
 * letter forms and a trailing country are set aside ("زحله", "زحلہ", "Zahlé" and "زحله، لبنان"
 * are all Zahle's "زحلة").
 */
export function otherNames(v: Pick<Village, "name" | "nameFr" | "nameAr" | "alternateNames">): string[] {
  const seen = new Set([v.name, v.nameFr, v.nameAr].filter((n): n is string => Boolean(n)).map(keyOf));
  return v.alternateNames.filter((name) => {
    const key = keyOf(name);
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
