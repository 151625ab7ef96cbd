/**
 * Record-by-record conversion of GEDCOM 5.5 / 5.5.1 / 5.5.5 to 7.0 (https://gedcom.io/migrate/).
 * Streaming: each record is converted alone; the only state is the xref renaming map and a counter
 * for records split out of inline structures (inline SOUR and OBJE become records).
 */
import type { GedcomNode, GedcomVersion, GedcomWarning } from "./model.js";
import { child, walk } from "./records.js";
import { TO_EXTENSION } from "./downgrade.js";
import {
  convertAge,
  convertDate,
  convertFilePath,
  convertLang,
  convertMediaForm,
  convertTextEscapes,
  type Converted,
} from "./convert-values.js";

/** 7.0 enumerations whose 5.5.1 spelling may differ in case; values outside them become OTHER + PHRASE. */
const ENUMS: Record<string, string[]> = {
  PEDI: ["ADOPTED", "BIRTH", "FOSTER", "SEALING", "OTHER"],
  MEDI: [
    "AUDIO",
    "BOOK",
    "CARD",
    "ELECTRONIC",
    "FICHE",
    "FILM",
    "MAGAZINE",
    "MANUSCRIPT",
    "MAP",
    "NEWSPAPER",
    "PHOTO",
    "TOMBSTONE",
    "VIDEO",
    "OTHER",
  ],
  ADOP: ["HUSB", "WIFE", "BOTH"],
  RESN: ["CONFIDENTIAL", "LOCKED", "PRIVACY"],
  SEX: ["M", "F", "X", "U"],
  QUAY: ["0", "1", "2", "3"],
  ROLE: [
    "CHIL",
    "CLERGY",
    "FATH",
    "FRIEND",
    "GODP",
    "HUSB",
    "MOTH",
    "MULTIPLE",
    "NGHBR",
    "OFFICIATOR",
    "PARENT",
    "SPOU",
    "WIFE",
    "WITN",
    "OTHER",
  ],
  STAT: [
    "CHALLENGED",
    "DISPROVEN",
    "PROVEN",
    "BIC",
    "CANCELED",
    "CHILD",
    "COMPLETED",
    "EXCLUDED",
    "DNS",
    "DNS_CAN",
    "INFANT",
    "PRE_1970",
    "STILLBORN",
    "SUBMITTED",
    "UNCLEARED",
  ],
};
/** NAME.TYPE values. */
const NAME_TYPES = ["AKA", "BIRTH", "IMMIGRANT", "MAIDEN", "MARRIED", "PROFESSIONAL", "OTHER"];
/** ROMN/FONE TYPE → TRAN LANG (https://gedcom.io/migrate/). */
const TRAN_LANG: Record<string, string> = {
  hangul: "ko-hang",
  kana: "ja-hrkt",
  pinyin: "und-Latn-pinyin",
  romaji: "ja-Latn",
  wadegiles: "zh-Latn-wadegile",
};
/** RELA words → ROLE values. */
const RELA: Record<string, string> = {
  child: "CHIL",
  clergy: "CLERGY",
  father: "FATH",
  friend: "FRIEND",
  godparent: "GODP",
  godfather: "GODP",
  godmother: "GODP",
  husband: "HUSB",
  mother: "MOTH",
  neighbor: "NGHBR",
  neighbour: "NGHBR",
  officiator: "OFFICIATOR",
  parent: "PARENT",
  spouse: "SPOU",
  wife: "WIFE",
  witness: "WITN",
};

function phraseNode(parent: GedcomNode, text: string): GedcomNode {
  return { level: parent.level + 1, tag: "PHRASE", value: text, line: parent.line, children: [] };
}

function apply(node: GedcomNode, c: Converted): void {
  node.value = c.value || undefined;
  if (c.phrase !== undefined && !child(node, "PHRASE")) node.children.unshift(phraseNode(node, c.phrase));
}

/** Re-numbers levels after structures were moved. */
function relevel(node: GedcomNode, level: number): void {
  const todo: [GedcomNode, number][] = [[node, level]];
  while (todo.length) {
    const [n, l] = todo.pop()!;
    n.level = l;
    for (const c of n.children) todo.push([c, l + 1]);
  }
}

const VALID_XREF = /^@[A-Z0-9_]+@$/;
const GIVEN_XREF = /^@X\d+@$/;

/** Converts records from one 5.x file to 7.0; create one per file. */
export class Converter {
  private renamed = new Map<string, string>();
  private extra = 0;
  /** HEAD.SOUR of the file, used to qualify RIN identifiers. */
  private system = "";

  constructor(
    readonly from: GedcomVersion,
    readonly warn: (w: GedcomWarning) => void = () => {},
  ) {}

  /**
   * 7.0 xrefs are @[A-Z0-9_]+@; others are renamed consistently (X1, X2, …). Valid ones are
   * kept and not remembered (a large file has hundreds of thousands): only renamed ones are.
   * An @X<n>@ of the file is renamed too, so the names given never meet a kept one.
   */
  xref(x: string): string {
    if (x === "@VOID@") return x;
    if (VALID_XREF.test(x) && !GIVEN_XREF.test(x)) return x;
    const known = this.renamed.get(x);
    if (known) return known;
    const out = `@X${++this.extra}@`;
    this.renamed.set(x, out);
    return out;
  }

  /** Converts the HEAD record: version 7.0, no CHAR/FILE/SUBN/GEDC.FORM, language tag. */
  convertHead(head: GedcomNode): GedcomNode {
    this.system = child(head, "SOUR")?.value ?? "";
    const drop = new Set(["CHAR", "FILE", "SUBN"]);
    head.children = head.children.filter((c) => !drop.has(c.tag));
    let gedc = child(head, "GEDC");
    if (!gedc) head.children.unshift((gedc = { level: 1, tag: "GEDC", line: head.line, children: [] }));
    gedc.children = [{ level: 2, tag: "VERS", value: "7.0", line: gedc.line, children: [] }];
    this.convertTree(head);
    return head;
  }

  /** Converts one record; may return extra records split out of it. SUBN records vanish. */
  convertRecord(record: GedcomNode): GedcomNode[] {
    if (record.tag === "SUBN") return [];
    const extra: GedcomNode[] = [];
    if (record.xref) record.xref = this.xref(record.xref);
    if (record.tag === "NOTE") record.tag = "SNOTE";
    this.convertTree(record, extra);
    return [...extra, record];
  }

  private convertTree(record: GedcomNode, extra: GedcomNode[] = []): void {
    // Inside an extension structure (_TAG) the standard meaning of tags is not assumed: only pointers change.
    const inExtension = new Set<GedcomNode>();
    walk(record, (n, parent) => {
      if (n.pointer && n.value) n.value = this.xref(n.value);
      this.standardTag(n);
      if (parent && (parent.tag.startsWith("_") || inExtension.has(parent))) {
        inExtension.add(n);
        // A language payload is a language wherever it appears; other tags depend on their context.
        if (n.tag === "LANG") this.convertNode(n, parent, extra);
        return;
      }
      if (n !== record && n.tag === "NOTE" && n.pointer) n.tag = "SNOTE";
      if (n.value && !n.pointer && n.tag !== "DATE") n.value = convertTextEscapes(n.value);
      this.convertNode(n, parent, extra);
    });
  }

  /**
   * Extension tags that are standard in 7.0: _UID (PAF, RootsMagic, Legacy… wrote it long before
   * 7.0 made it UID), and in a 5.5.1 file Roots wrote, every 7.0 structure its export had to write
   * as _TAG (and the file's own extensions it escaped as __TAG).
   */
  private standardTag(n: GedcomNode): void {
    if (!n.tag.startsWith("_")) return;
    if (this.system === "ROOTS") {
      if (TO_EXTENSION.has(n.tag.replace(/^_+/, ""))) n.tag = n.tag.slice(1);
    } else if (n.tag === "_UID") n.tag = "UID";
  }

  private convertNode(n: GedcomNode, parent: GedcomNode | undefined, extra: GedcomNode[]): void {
    const v = n.value;
    switch (n.tag) {
      case "DATE":
        if (v && parent?.tag !== "CHAN" && parent?.tag !== "HEAD") apply(n, convertDate(v));
        else if (v) n.value = v.toUpperCase();
        break;
      case "AGE":
        if (v) apply(n, convertAge(v));
        break;
      case "LANG":
        if (v) apply(n, { ...convertLang(v), phrase: undefined });
        if (v && convertLang(v).phrase) n.children.unshift({ ...phraseNode(n, v), tag: "_PHRASE" });
        break;
      case "RELA": {
        const role = v ? RELA[v.trim().toLowerCase()] : undefined;
        n.tag = "ROLE";
        apply(n, role ? { value: role, phrase: v!.trim().toUpperCase() === role ? undefined : v } : { value: "OTHER", phrase: v });
        break;
      }
      case "FILE":
        if (v && parent && parent.tag === "OBJE") n.value = convertFilePath(v);
        break;
      case "FORM":
        if (v && parent?.tag === "FILE") n.value = convertMediaForm(v);
        else if (v && parent?.tag === "OBJE") n.value = convertMediaForm(v);
        break;
      case "TYPE":
        if (parent?.tag === "FORM" && v) {
          n.tag = "MEDI";
          this.enumerate(n, ENUMS.MEDI);
        } else if (parent?.tag === "NAME" && v) this.enumerate(n, NAME_TYPES);
        break;
      case "AFN":
      case "RIN":
      case "RFN":
        if (v && parent) this.toExid(n, v);
        break;
      case "ROMN":
      case "FONE": {
        n.tag = "TRAN";
        const type = child(n, "TYPE");
        if (type?.value) {
          const lang = TRAN_LANG[type.value.trim().toLowerCase()];
          if (lang) Object.assign(type, { tag: "LANG", value: lang });
          else Object.assign(type, { tag: "LANG", value: "und", children: [{ ...phraseNode(type, type.value), tag: "_PHRASE" }] });
        }
        break;
      }
      case "SOUR":
        if (parent && parent.tag !== "HEAD" && v && !n.pointer) this.inlineSource(n, extra);
        break;
      case "OBJE":
        if (!n.pointer) this.fileSiblings(n, parent !== undefined);
        if (parent && !n.pointer && child(n, "FILE")) this.inlineObject(n, extra);
        break;
      case "BLOB":
        n.tag = "_BLOB"; // 5.5 embedded media has no 7.0 form; kept so nothing is lost
        break;
      default:
        if (ENUMS[n.tag] && v && !(n.tag === "STAT" && parent?.tag === "FAMC")) this.enumerate(n, ENUMS[n.tag]);
    }
  }

  /** 5.5 put FORM (and TITL) beside FILE; 7.0 wants them under FILE. A link keeps its own TITL. */
  private fileSiblings(obje: GedcomNode, isLink: boolean): void {
    const file = child(obje, "FILE");
    if (!file) return;
    const move = obje.children.filter((c) => c.tag === "FORM" || (c.tag === "TITL" && !isLink));
    if (move.length === 0) return;
    obje.children = obje.children.filter((c) => !move.includes(c));
    for (const m of move) if (!child(file, m.tag)) file.children.push(m);
    relevel(file, file.level);
  }

  /** AFN / RIN / RFN → EXID with a TYPE URI, as the migration guide says. */
  private toExid(n: GedcomNode, v: string): void {
    let value = v.trim();
    let type = `https://gedcom.io/terms/v7/${n.tag}`;
    if (n.tag === "RIN" && this.system) type += `#${encodeURIComponent(this.system)}`;
    if (n.tag === "RFN") {
      const colon = value.indexOf(":");
      if (colon > 0) [type, value] = [`${type}#${encodeURIComponent(value.slice(0, colon))}`, value.slice(colon + 1)];
    }
    n.tag = "EXID";
    n.value = value;
    n.children.unshift({ level: n.level + 1, tag: "TYPE", value: type, line: n.line, children: [] });
  }

  private enumerate(n: GedcomNode, allowed: string[]): void {
    const up = n.value!.trim().toUpperCase();
    if (allowed.includes(up)) n.value = up;
    else if (!up.startsWith("_")) apply(n, { value: "OTHER", phrase: n.value });
  }

  /** Inline "SOUR text" → a SOUR record holding the text as a NOTE; TEXT children move under DATA. */
  private inlineSource(n: GedcomNode, extra: GedcomNode[]): void {
    const id = this.xref(`@__inline_sour_${this.extra + 1}@`);
    const rec: GedcomNode = {
      level: 0,
      xref: id,
      tag: "SOUR",
      line: n.line,
      children: [{ level: 1, tag: "NOTE", value: n.value, line: n.line, children: [] }],
    };
    extra.push(rec);
    const texts = n.children.filter((c) => c.tag === "TEXT");
    const others = n.children.filter((c) => c.tag !== "TEXT");
    n.value = id;
    n.pointer = true;
    n.children = others;
    if (texts.length > 0) {
      const data: GedcomNode = { level: n.level + 1, tag: "DATA", line: texts[0].line, children: texts };
      relevel(data, n.level + 1);
      n.children.unshift(data);
    }
  }

  /** Inline OBJE with FILE → an OBJE record; 5.5 FORM/TITL directly under OBJE move under FILE. */
  private inlineObject(n: GedcomNode, extra: GedcomNode[]): void {
    const id = this.xref(`@__inline_obje_${this.extra + 1}@`);
    // TITL on an inline OBJE describes the link (7.0 OBJE link has TITL); the rest is the object.
    const rec: GedcomNode = { level: 0, xref: id, tag: "OBJE", line: n.line, children: n.children.filter((c) => c.tag !== "TITL") };
    relevel(rec, 0);
    extra.push(rec);
    n.value = id;
    n.pointer = true;
    n.children = n.children.filter((c) => c.tag === "TITL");
    this.convertTree(rec, extra);
  }
}

/** Whether a value looks like it was converted already (used by tests). */
export function isV7Xref(x: string): boolean {
  return /^@[A-Z0-9_]+@$/.test(x);
}
