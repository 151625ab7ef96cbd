import { gedcomDate, hijriMonthUri, HIJRI_CALENDAR_TAG, HIJRI_EXTENSION_URI, parseGenealogicalDate } from "../../genealogy/index.js";
import { walk, type GedcomNode } from "../gedcom/index.js";

/**
 * A stored date as a GEDCOM 7 DATE structure: the date in GEDCOM's words ("ABT 1890",
 * "_HIJRI 12 _RAJAB 1310") with the text as it was typed as its PHRASE ("حوالي ١٨٩٠"); a text
 * that is no date (an import kept it as written) is a PHRASE with an empty date, as 7.0 says.
 */
export function dateNode(text: string, level = 2): GedcomNode {
  const d = parseGenealogicalDate(text);
  const { value, phrase } = d ? gedcomDate(d) : { value: "", phrase: text };
  return {
    level,
    tag: "DATE",
    ...(value ? { value } : {}),
    line: 0,
    children: phrase ? [{ level: level + 1, tag: "PHRASE", value: phrase, line: 0, children: [] }] : [],
  };
}

/**
 * The HEAD of an export whose records use the Hijri extension calendar: its SCHMA declares
 * `_HIJRI` and the month tags used (GEDCOM 7 extension rules: a documented extension tag is
 * declared with its URI). Undefined when no date uses it (the writer then makes a plain HEAD).
 */
export function headForDates(records: GedcomNode[]): GedcomNode | undefined {
  const tags = new Set<string>();
  for (const r of records)
    walk(r, (n) => {
      if (n.tag !== "DATE" || !n.value?.includes(HIJRI_CALENDAR_TAG)) return;
      for (const w of n.value.split(" ")) if (w.startsWith("_")) tags.add(w);
    });
  if (!tags.size) return undefined;
  const tag = (t: string): GedcomNode => ({
    level: 2,
    tag: "TAG",
    value: `${t} ${t === HIJRI_CALENDAR_TAG ? HIJRI_EXTENSION_URI : hijriMonthUri(t)}`,
    line: 0,
    children: [],
  });
  const schma: GedcomNode = { level: 1, tag: "SCHMA", line: 0, children: [...tags].sort().map(tag) };
  return { level: 0, tag: "HEAD", line: 0, children: [schma] };
}
