/**
 * GEDCOM 7.0 → 5.5.1 down-conversion of one record, for export to older programs. What has a 5.5.1
 * form is mapped (SNOTE → NOTE, calendar keywords → @#D…@ escapes, BCE → B.C., media types → file
 * extensions); what has none is kept under a vendor tag (PHRASE → _PHRASE, EXID → _EXID, …).
 */
import type { GedcomNode } from "./model.js";
import { walk } from "./records.js";

const CALENDAR_ESCAPES: Record<string, string> = {
  GREGORIAN: "@#DGREGORIAN@",
  JULIAN: "@#DJULIAN@",
  HEBREW: "@#DHEBREW@",
  FRENCH_R: "@#DFRENCH R@",
  _ROMAN: "@#DROMAN@",
  _UNKNOWN: "@#DUNKNOWN@",
  // The Hijri extension calendar (genealogy/dates) as webtrees writes it in 5.5.1.
  _HIJRI: "@#DHIJRI@",
};
/** 7.0-only tags kept as vendor extensions in 5.5.1 (read back as standard in files Roots wrote). */
export const TO_EXTENSION = new Set([
  "PHRASE",
  "EXID",
  "UID",
  "CREA",
  "SDATE",
  "INIL",
  "NO",
  "TRAN",
  "MIME",
  "CROP",
  "TOP",
  "LEFT",
  "HEIGHT",
  "WIDTH",
  "INIT",
  "SCHMA",
  "TAG",
  "ASSO_ROLE",
]);
const FORM_EXT: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/bmp": "bmp",
  "image/tiff": "tif",
  "application/pdf": "pdf",
  "audio/wav": "wav",
  "video/mp4": "mp4",
  "text/plain": "txt",
  "text/html": "htm",
};

function downgradeDate(value: string): string {
  return value
    .replace(/\b(GREGORIAN|JULIAN|HEBREW|FRENCH_R|_ROMAN|_UNKNOWN|_HIJRI)\b/g, (c) => CALENDAR_ESCAPES[c])
    .replace(/ _(MUHAR|SAFAR|RABIA|RABIT|JUMAA|JUMAT|RAJAB|SHAAB|RAMAD|SHAWW|DHUAQ|DHUAH)\b/g, " $1")
    .replace(/ BCE\b/g, " B.C.");
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** A 7.0 FILE (URI reference) as a 5.5.1 file path: the inverse of the import's conversion. */
export function filePath(uri: string): string {
  const drive = /^file:\/\/\/([a-zA-Z]):\/(.*)$/.exec(uri);
  if (drive) return `${drive[1]}:\\${decode(drive[2]).replace(/\//g, "\\")}`;
  if (uri.startsWith("file:///")) return decode(uri.slice("file://".length));
  if (uri.startsWith("file://")) return `\\\\${decode(uri.slice("file://".length)).replace(/\//g, "\\")}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri)) return uri;
  return decode(uri);
}

/** Removes and returns a PHRASE substructure's text. */
function takePhrase(n: GedcomNode): string | undefined {
  const i = n.children.findIndex((c) => c.tag === "PHRASE");
  if (i < 0) return undefined;
  return n.children.splice(i, 1)[0].value;
}

/** 7.0 DATE + PHRASE → 5.5.1 "INT date (phrase)" or "(phrase)"; calendars and BCE rewritten. */
function downgradeDateNode(n: GedcomNode): void {
  // A 5.5.1 date is one line: a phrase that ran over several (7.0 PHRASE text may) is joined.
  const phrase = takePhrase(n)?.replace(/\s*[\r\n]+\s*/g, " ");
  const date = n.value ? downgradeDate(n.value) : "";
  if (phrase === undefined) n.value = date || undefined;
  else if (date && !/^(BET|FROM|TO|BEF|AFT|ABT|CAL|EST) /.test(date)) n.value = `INT ${date} (${phrase})`;
  else if (date) {
    // A range or approximation cannot carry INT; keep the phrase beside it.
    n.value = date;
    n.children.unshift({ level: n.level + 1, tag: "PHRASE", value: phrase, line: n.line, children: [] }); // written _PHRASE below
  } else n.value = `(${phrase})`;
}

/** Rewrites one 7.0 record (mutated in place) into 5.5.1 structures. */
export function downgradeRecord(record: GedcomNode): GedcomNode {
  if (record.tag === "SNOTE") record.tag = "NOTE";
  walk(record, (n, parent) => {
    if (n === record) return;
    if (n.tag === "SNOTE") n.tag = "NOTE";
    else if (n.tag === "DATE") downgradeDateNode(n);
    else if (n.tag === "ROLE" && parent?.tag === "ASSO") {
      // RELA is free text: the phrase says it best, else the enumeration word.
      const phrase = takePhrase(n);
      n.tag = "RELA";
      n.value = phrase ?? n.value;
    } else if (n.tag === "AGE" && n.value)
      n.value = n.value.replace(/(\d+)([ymwd])/g, (_m, d: string, u: string) => d + u.toUpperCase()).replace(/^([<>]) /, "$1");
    else if (n.tag === "FORM" && n.value && parent?.tag === "FILE")
      n.value = FORM_EXT[n.value] ?? n.value.replace(/^.*\//, "").replace(/^x-/, "");
    else if (n.tag === "MEDI" && parent?.tag === "FORM") n.tag = "TYPE";
    else if (n.tag === "FILE" && parent?.tag === "OBJE" && n.value) n.value = filePath(n.value);
    else if (TO_EXTENSION.has(n.tag)) n.tag = "_" + n.tag;
    // A file's own extension that has the name a 7.0 tag takes here is escaped (_TAG → __TAG),
    // so that reading the file back tells them apart (see Converter: files Roots wrote).
    else if (n.tag.startsWith("_") && TO_EXTENSION.has(n.tag.replace(/^_+/, ""))) n.tag = "_" + n.tag;
  });
  return record;
}
