/**
 * "Same facts" for GEDCOM round trips: every record becomes a multiset of lines
 * `<record key> <tag path> = <value>`, where pointers are replaced by the stable key of the
 * record they point to, so two files (or two imports) with different xrefs compare equal when
 * they say the same things about the same people.
 */
import { createHash } from "node:crypto";

/** A record tree as kept_records stores it (and as the GEDCOM reader gives it, minus levels). */
export interface Plain {
  tag: string;
  xref?: string;
  value?: string;
  pointer?: boolean;
  children?: Plain[];
}

/** Drops a structure from the comparison (a deliberate difference). */
export type Drop = (node: Plain, path: string, record: Plain) => boolean;

const kids = (n: Plain) => n.children ?? [];

/**
 * The person key: the record's first UID (or 5.5.1 _UID) — Roots writes its person id as UID on
 * export, so the same person keeps the same key across imports — else what `fallback` says.
 */
export function personKey(indi: Plain, fallback: string | null): string {
  const uid = kids(indi).find((c) => (c.tag === "UID" || c.tag === "_UID") && c.value);
  return (uid?.value ?? fallback ?? "?").trim().toLowerCase();
}

/**
 * The facts of a set of records. `keyOfIndi` gives each INDI its stable key; other records are
 * keyed by their tag and content (pointers inside replaced by the target's key or tag).
 */
export function facts(given: Plain[], keyOfIndi: (r: Plain) => string, drop: Drop = () => false): string[] {
  const records = bothDirections(given);
  const keyOf = new Map(records.map((r, i) => [r, keyOfIndi(given[i])]));
  const byXref = new Map(records.filter((r) => r.xref).map((r) => [r.xref!, r]));
  const indiKey = new Map(records.filter((r) => r.tag === "INDI").map((r) => [r, keyOf.get(r)!]));
  const shallow = (x: string) => {
    const t = byXref.get(x);
    if (!t) return "@VOID@";
    return t.tag === "INDI" ? `@${indiKey.get(t)}@` : `@${t.tag}@`;
  };
  // Non-person records: their content with pointers one level deep (no cycles).
  const signature = (r: Plain): string => {
    const walk = (n: Plain, path: string): string[] => {
      const p = `${path}.${n.tag}`;
      if (drop(n, p, r)) return [];
      const own = `${p}=${n.pointer ? shallow(n.value ?? "") : (n.value ?? "")}`;
      return [own, ...kids(n).flatMap((c) => walk(c, p))];
    };
    return createHash("sha1").update(walk(r, "").sort().join("\n")).digest("hex").slice(0, 12);
  };
  const recordKey = new Map<Plain, string>();
  for (const r of records) recordKey.set(r, r.tag === "INDI" ? `INDI:${indiKey.get(r)}` : `${r.tag}:${signature(r)}`);
  const target = (x: string) => {
    const t = byXref.get(x);
    return t ? `@${recordKey.get(t)}@` : "@VOID@";
  };
  const out: string[] = [];
  for (const r of records) {
    const key = recordKey.get(r)!;
    const walk = (n: Plain, path: string) => {
      const p = `${path}.${n.tag}`;
      if (drop(n, p, r)) return;
      out.push(`${key} ${p}=${n.pointer ? target(n.value ?? "") : (n.value ?? "")}`);
      for (const c of kids(n)) walk(c, p);
    };
    if (!drop(r, `.${r.tag}`, r)) {
      out.push(`${key} .${r.tag}`);
      for (const c of kids(r)) walk(c, `.${r.tag}`);
    }
  }
  return out.sort();
}

/**
 * Family links written both ways, as Roots exports them: a FAM's HUSB/WIFE/CHIL gives the person
 * FAMS/FAMC, and a person's FAMS/FAMC gives the family its member (copies; the input is kept).
 * Pointers to records that are not there count as @VOID@ (the export writes them so).
 */
function bothDirections(records: Plain[]): Plain[] {
  const copy = records.map((r) => ({ ...r, children: [...kids(r)] }));
  const byXref = new Map(copy.filter((r) => r.xref).map((r) => [r.xref!, r]));
  const has = (r: Plain, tag: string, x: string) => kids(r).some((c) => c.tag === tag && c.value === x);
  const add = (r: Plain, tag: string, x: string) => r.children!.push({ tag, value: x, pointer: true });
  for (const r of copy) {
    if (!r.xref) continue;
    for (const c of kids(r)) {
      const t = c.pointer && c.value ? byXref.get(c.value) : undefined;
      if (!t) continue;
      if (r.tag === "FAM" && t.tag === "INDI" && (c.tag === "HUSB" || c.tag === "WIFE") && !has(t, "FAMS", r.xref)) add(t, "FAMS", r.xref);
      if (r.tag === "FAM" && t.tag === "INDI" && c.tag === "CHIL" && !has(t, "FAMC", r.xref)) add(t, "FAMC", r.xref);
      if (r.tag === "INDI" && t.tag === "FAM" && c.tag === "FAMC" && !has(t, "CHIL", r.xref)) add(t, "CHIL", r.xref);
    }
  }
  return copy;
}

/** What one multiset has that the other has not (both ways), for readable failures. */
export function difference(a: string[], b: string[]): { missing: string[]; added: string[] } {
  const count = new Map<string, number>();
  for (const x of a) count.set(x, (count.get(x) ?? 0) + 1);
  const added: string[] = [];
  for (const x of b) {
    const n = count.get(x) ?? 0;
    if (n > 0) count.set(x, n - 1);
    else added.push(x);
  }
  const missing = [...count].flatMap(([x, n]) => Array<string>(n).fill(x));
  return { missing, added };
}

/** Number of extension structures (tags starting with "_") in a set of records. */
export function extensionCount(records: Plain[]): number {
  let n = 0;
  const walk = (p: Plain) => {
    if (p.tag.startsWith("_")) n++;
    kids(p).forEach(walk);
  };
  records.forEach(walk);
  return n;
}
