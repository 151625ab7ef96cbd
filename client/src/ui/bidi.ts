/** Arabic letters (main block, supplements, presentation forms). */
const ARABIC_LETTER = "\\u0600-\\u06FF\\u0750-\\u077F\\u08A0-\\u08FF\\uFB50-\\uFDFF\\uFE70-\\uFEFF";
/** Latin letters and digits: what starts and ends a left-to-right run. */
const LATIN = "A-Za-z0-9\\u00C0-\\u024F";
/**
 * A left-to-right run: Latin letters and digits, with the spaces and the few marks that sit
 * inside names, addresses and licences ("Who's On First", "geonames.org, CC BY 4.0"). Brackets
 * are never part of a run, so a pair of them stays in the sentence's own direction and is
 * drawn facing the right way; a run starts and ends with a letter or a digit.
 */
const LTR_RUN = new RegExp(`[${LATIN}](?:[${LATIN}'’.,:/@&+_ -]*[${LATIN}])?`, "g");
const RTL_RUN = new RegExp(`[${ARABIC_LETTER}](?:[${ARABIC_LETTER}\\s'’.-]*[${ARABIC_LETTER}])?`, "g");

export interface BidiPart {
  text: string;
  /** Set on a run to isolate: the direction it is written in. */
  dir?: "ltr" | "rtl";
}

/**
 * Splits a sentence into runs written in the other direction from the sentence's own (Latin in
 * Arabic, Arabic in English or French) and the text between them, so each run can be isolated
 * and the brackets, commas and dashes between them keep the sentence's order.
 */
export function bidiParts(text: string, base: "ltr" | "rtl"): BidiPart[] {
  const run = base === "rtl" ? LTR_RUN : RTL_RUN;
  const parts: BidiPart[] = [];
  let last = 0;
  for (const m of text.matchAll(run)) {
    if (m.index > last) parts.push({ text: text.slice(last, m.index) });
    parts.push({ text: m[0], dir: base === "rtl" ? "ltr" : "rtl" });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
