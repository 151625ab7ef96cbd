import { nameKeys } from "../genealogy/index.js";

/**
 * The part of an article's search text that holds its title's name keys, as the people search
 * keys names (genealogy's nameKeys: each word's cross-script skeleton, then its other readings):
 * "زحلة", "Zahlé" and "Zahleh" all give "zhl", "Berdaouni" and "Berdawni" "brdn". Empty for a
 * title with no name in it. Whole words between spaces, so a search matches them word by word.
 */
export function titleKeysOf(title: string): string {
  const keys = nameKeys([title], []).skeleton.replace(/\|/g, " ").split(/\s+/).filter(Boolean);
  return keys.length ? ` | ${TITLE_KEYS} ${[...new Set(keys)].join(" ")} ` : "";
}

/** Marks where the title's keys start in the search text. */
export const TITLE_KEYS = "⁂";
