/**
 * Given names that are one name in several languages (Hanna = Jean = Juan = John = يوحنا),
 * as curators keep them in `name_equivalents`. The data file seed-data/names/equivalents.csv
 * gives the first rows (each with its source, or "unreviewed"); a search expands each of
 * its words to the keys of the word's group, read from a small in-process cache.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Papa from "papaparse";
import type { DataSource } from "typeorm";
import { newId } from "../../../common/uuid.js";
import { spellingKey } from "./normalize.js";
import { nameUnits, type NameUnit } from "./skeleton.js";

export const EQUIVALENTS_CSV = fileURLToPath(new URL("../../../../seed-data/names/equivalents.csv", import.meta.url));

export interface EquivalenceRow {
  key: string;
  names: string[];
  /** A named reference, or null for "unreviewed". */
  source: string | null;
}

const splitNames = (s: string | undefined) =>
  (s ?? "")
    .split("|")
    .map((n) => n.trim())
    .filter(Boolean);

/** The data file's rows: key, arabic (names separated by |), latin, source. */
export function readEquivalentsFile(path = EQUIVALENTS_CSV): EquivalenceRow[] {
  const { data } = Papa.parse<Record<string, string>>(readFileSync(path, "utf8"), { header: true, skipEmptyLines: true });
  return data.map((r) => ({
    key: r.key.trim(),
    names: [...new Set([...splitNames(r.arabic), ...splitNames(r.latin)])],
    source: !r.source?.trim() || r.source.trim().toLowerCase() === "unreviewed" ? null : r.source.trim(),
  }));
}

/** Adds the file's groups whose key is not in the table yet; a curator's edits are never overwritten. */
export async function ensureNameEquivalents(ds: DataSource, path = EQUIVALENTS_CSV): Promise<number> {
  const rows = readEquivalentsFile(path);
  const inserted: unknown[] = await ds.query(
    `INSERT INTO name_equivalents (id, key, names, source)
       SELECT r.id, r.key, ARRAY(SELECT jsonb_array_elements_text(r.names)), r.source
         FROM unnest($1::uuid[], $2::text[], $3::jsonb[], $4::text[]) AS r(id, key, names, source)
     ON CONFLICT (key) DO NOTHING RETURNING id`,
    [rows.map(() => newId()), rows.map((r) => r.key), rows.map((r) => JSON.stringify(r.names)), rows.map((r) => r.source)],
  );
  return inserted.length;
}

/** A group as a search sees it. */
export interface EquivalenceGroup {
  id: string;
  names: string[];
  /** Every key of every one-word spelling, with the spelling it comes from. */
  keys: { key: string; name: string }[];
}

/** The groups, found by a word's spelling (Juan) or, for keys of three letters or more, its skeleton. */
export class EquivalenceIndex {
  private readonly bySpelling = new Map<string, EquivalenceGroup[]>();
  private readonly byKey = new Map<string, EquivalenceGroup[]>();

  constructor(rows: { id: string; names: string[] }[]) {
    const add = (m: Map<string, EquivalenceGroup[]>, k: string, g: EquivalenceGroup) => {
      const list = m.get(k) ?? [];
      if (!list.includes(g)) m.set(k, [...list, g]);
    };
    for (const r of rows) {
      const g: EquivalenceGroup = { id: r.id, names: r.names, keys: [] };
      for (const name of r.names) {
        add(this.bySpelling, spellingKey(name), g);
        const units = nameUnits(name);
        if (units.length !== 1) continue;
        for (const k of units[0].keys) g.keys.push({ key: k.key, name });
        if (units[0].keys[0]?.key.length >= 3) add(this.byKey, units[0].keys[0].key, g);
      }
    }
  }

  /** The groups a word of a search belongs to. */
  groupsOf(unit: NameUnit): EquivalenceGroup[] {
    const bySpelling = this.bySpelling.get(spellingKey(unit.text));
    if (bySpelling) return bySpelling;
    const base = unit.keys[0]?.key ?? "";
    return base.length >= 3 ? (this.byKey.get(base) ?? []) : [];
  }
}

const CACHE_MS = 60_000;
let cache: { at: number; index: Promise<EquivalenceIndex> } | null = null;
let ensured: Promise<unknown> | null = null;

/**
 * The current groups (read again after a minute, or at once after an edit in this process).
 * The first call in a process adds the data file's missing rows.
 */
export function nameEquivalents(ds: DataSource): Promise<EquivalenceIndex> {
  // eslint-disable-next-line no-restricted-syntax -- a cache's age, not a business rule
  if (cache && Date.now() - cache.at < CACHE_MS) return cache.index;
  ensured ??= ensureNameEquivalents(ds).catch((err) => {
    ensured = null;
    throw err;
  });
  const index = ensured
    .then(() => ds.query(`SELECT id, names FROM name_equivalents ORDER BY key`))
    .then((rows: { id: string; names: string[] }[]) => new EquivalenceIndex(rows));
  // eslint-disable-next-line no-restricted-syntax -- a cache's age, not a business rule
  cache = { at: Date.now(), index };
  index.catch(() => (cache = null));
  return index;
}

/** Forgets the cached groups (after a curator's edit). */
export function forgetNameEquivalents(): void {
  cache = null;
}
