import { parseGenealogicalDate } from "../../genealogy/index.js";
import { hasArabic } from "../../genealogy/index.js";
import { child, type GedcomNode } from "../gedcom/index.js";
import type { ImportedPerson } from "../person-record.js";

/** `child` that also takes a missing node (chains like kid(kid(indi, "BIRT"), "DATE")). */
const kid = (n: GedcomNode | undefined, tag: string) => (n ? child(n, tag) : undefined);
const kids = (n: GedcomNode, tag: string) => n.children.filter((c) => c.tag === tag);
const text = (n: GedcomNode | undefined) => n?.value?.trim() || null;

/**
 * An event's date as text: the file's own wording when the 7.0 form needed a PHRASE for it and it
 * still reads as a date (a dual year "1741/42" became "BET 1741 AND 1742" + PHRASE), else the value.
 */
export function dateText(event: GedcomNode | undefined): string | null {
  const date = kid(event, "DATE");
  const phrase = text(kid(date, "PHRASE"));
  return phrase && parseGenealogicalDate(phrase) ? phrase : text(date);
}

/** "Youssef /Khoury/" → "Youssef Khoury" (GEDCOM marks the surname with slashes). */
export const personalName = (value: string | undefined): string => (value ?? "").replace(/\//g, " ").replace(/\s+/g, " ").trim();

/** A place as people read it: "Brookline, , Norfolk County" → "Brookline, Norfolk County" (a file's empty jurisdictions dropped). */
export function cleanPlace(value: string | null | undefined): string | null {
  const parts = (value ?? "")
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
  return parts.length ? parts.join(", ") : null;
}

/** The last part of a place names Lebanon (in any of our languages): its other parts may be villages. */
const LEBANON = /^(lebanon|liban|libano|líbano|لبنان)$/i;

/**
 * The first place of an event, cleaned, and the parts of it that may name a village, in order:
 * the first part (usually the village); in a place in Lebanon, the parts after it too ("Mar
 * Elias Church, Zahle, Lebanon"). Only the first part elsewhere: "MA" is not a Lebanese village.
 */
export function placeOf(event: GedcomNode | undefined): { full: string | null; localities: string[] } {
  const full = cleanPlace(text(kid(event, "PLAC")));
  if (!full) return { full, localities: [] };
  const parts = full.split(", ");
  return { full, localities: LEBANON.test(parts[parts.length - 1]) ? parts.slice(0, -1) : [parts[0]] };
}

const DEATH_TAGS = ["DEAT", "BURI", "CREM"];

/**
 * What Roots models of an INDI record (7.0 form): names in both scripts with their
 * transliterations, sex, birth and death, occupation, residence, notes and the ids other
 * programs gave the person. The whole record is kept besides, so nothing else is lost.
 */
export function personFromIndi(indi: GedcomNode): {
  person: ImportedPerson;
  externalIds: { scheme: string; value: string }[];
  /** Parts of the birth place that may name a village, most likely first. */
  birthLocalities: string[];
} {
  const names = kids(indi, "NAME");
  const variants: string[] = [];
  let latin: string | null = null;
  let arabic: string | null = null;
  for (const name of names) {
    const main = personalName(name.value);
    const lang = text(kid(name, "LANG"));
    const isArabic = hasArabic(main) || lang === "ar" || lang?.startsWith("ar-");
    if (main) {
      if (isArabic && !arabic) arabic = main;
      else if (!isArabic && !latin) latin = main;
      else variants.push(main);
    }
    for (const tran of kids(name, "TRAN")) {
      const t = personalName(tran.value);
      if (!t) continue;
      if (hasArabic(t) && !arabic) arabic = t;
      else if (!hasArabic(t) && !latin) latin = t;
      else variants.push(t);
    }
  }
  const first = names[0];
  const birth = kid(indi, "BIRT") ?? kid(indi, "CHR") ?? kid(indi, "BAPM");
  const death = DEATH_TAGS.map((t) => kid(indi, t)).find(Boolean);
  const sex = text(kid(indi, "SEX"));
  const residence = kid(indi, "RESI");
  const notes = kids(indi, "NOTE")
    .map((n) => n.value ?? "")
    .filter(Boolean);
  const externalIds: { scheme: string; value: string }[] = [];
  for (const c of indi.children) {
    if ((c.tag === "UID" || c.tag === "_UID") && c.value) externalIds.push({ scheme: "uid", value: c.value.trim().toLowerCase() });
    if (c.tag === "EXID" && c.value) externalIds.push({ scheme: `exid:${text(kid(c, "TYPE")) ?? ""}`, value: c.value.trim() });
  }
  const birthPlace = placeOf(birth);
  return {
    person: {
      fullName: latin ?? (arabic ? null : "?"),
      fullNameAr: arabic,
      givenName: text(kid(first, "GIVN")),
      gender: sex === "M" || sex === "F" ? sex : "U",
      birthDate: dateText(birth),
      birthPlace: birthPlace.full,
      deathDate: dateText(death),
      deathPlace: placeOf(death).full,
      isDeceased: Boolean(death),
      occupation: text(kid(indi, "OCCU")),
      currentLocation: placeOf(residence).full,
      bio: notes.join("\n\n") || null,
      nameVariants: [...new Set(variants)],
    },
    externalIds,
    birthLocalities: birthPlace.localities,
  };
}

/** FAM record → the couple (HUSB/WIFE), the kind of union, its date and place, and the children. */
export function familyFromFam(fam: GedcomNode): {
  partners: string[];
  married: boolean;
  date: string | null;
  place: string | null;
  children: { xref: string; kind: string; line: number }[];
} {
  const partners = ["HUSB", "WIFE"].map((t) => kid(fam, t)?.value).filter((v): v is string => Boolean(v) && v !== "@VOID@");
  const marr = kid(fam, "MARR") ?? kid(fam, "ENGA");
  return {
    partners,
    married: Boolean(kid(fam, "MARR")),
    date: dateText(marr),
    place: placeOf(marr).full,
    children: kids(fam, "CHIL")
      .filter((c) => c.value && c.value !== "@VOID@")
      .map((c) => ({ xref: c.value!, kind: "birth", line: c.line })),
  };
}

/** The pedigree of a child in a family, from the child's FAMC.PEDI (birth, adopted, foster…). */
export function pedigreeKinds(indi: GedcomNode): Map<string, string> {
  const kinds = new Map<string, string>();
  for (const famc of kids(indi, "FAMC")) {
    const pedi = text(kid(famc, "PEDI"))?.toUpperCase();
    if (!famc.value) continue;
    kinds.set(
      famc.value,
      pedi === "ADOPTED" ? "adoptive" : pedi === "FOSTER" || pedi === "SEALING" || pedi === "OTHER" ? "unknown" : "birth",
    );
  }
  return kinds;
}

/** Strips line numbers (kept records store structure only). */
export function plain(node: GedcomNode): Record<string, unknown> {
  const out: Record<string, unknown> = { tag: node.tag };
  if (node.xref) out.xref = node.xref;
  if (node.value !== undefined) out.value = node.value;
  if (node.pointer) out.pointer = true;
  if (node.children.length) out.children = node.children.map(plain);
  return out;
}

/**
 * A record as kept_records stores it: `JSON.stringify(plain(node))`, written straight from the
 * tree (without the copy `plain` makes: hundreds of thousands of records, each a few dozen nodes).
 */
export function keptJson(node: GedcomNode): string {
  let json = `{"tag":${JSON.stringify(node.tag)}`;
  if (node.xref) json += `,"xref":${JSON.stringify(node.xref)}`;
  if (node.value !== undefined) json += `,"value":${JSON.stringify(node.value)}`;
  if (node.pointer) json += `,"pointer":true`;
  const children = node.children;
  if (children.length) {
    json += `,"children":[${keptJson(children[0])}`;
    for (let i = 1; i < children.length; i++) json += `,${keptJson(children[i])}`;
    json += "]";
  }
  return `${json}}`;
}
