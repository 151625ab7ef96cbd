import type { DataSource } from "typeorm";
import { normalizeArabic, normalizeLatin, skeleton, spellingKey } from "../genealogy/index.js";

/**
 * Matches place names from files to villages, in any script: Zahlé, Zahle, Zahleh and زحلة
 * all find Zahle. Exact normalised names first, then the consonant skeleton when it names
 * one village only. Loads the gazetteer once per import (a few thousand rows).
 */
export async function villageMatcher(ds: DataSource, rootspaceId: string): Promise<(name: string) => string | null> {
  const rows: { id: string; name: string; name_ar: string | null; name_fr: string | null; slug: string }[] = await ds.query(
    `SELECT id, name, name_ar, name_fr, slug FROM villages WHERE rootspace_id = $1 AND is_public ORDER BY population_current DESC NULLS LAST, id`,
    [rootspaceId],
  );
  const exact = new Map<string, string>();
  const skeletons = new Map<string, string | null>();
  const put = (key: string, id: string) => key && !exact.has(key) && exact.set(key, id);
  for (const r of rows) {
    for (const n of [r.name, r.name_fr, r.slug.replace(/-/g, " ")]) if (n) put(normalizeLatin(n), r.id);
    if (r.name_ar) put(normalizeArabic(r.name_ar), r.id);
    for (const n of [r.name, r.name_ar, r.name_fr]) {
      if (!n) continue;
      const s = skeleton(n);
      if (!s) continue;
      // A skeleton two villages share identifies neither.
      skeletons.set(s, skeletons.has(s) && skeletons.get(s) !== r.id ? null : r.id);
    }
  }
  // Files name the same few places again and again: each answer is remembered (bounded).
  const answers = new Map<string, string | null>();
  return (name: string) => {
    const t = name.trim();
    if (!t) return null;
    let id = answers.get(t);
    if (id === undefined) {
      id = exact.get(spellingKey(t)) ?? skeletons.get(skeleton(t)) ?? null;
      if (answers.size >= 10_000) answers.clear();
      answers.set(t, id);
    }
    return id;
  };
}
