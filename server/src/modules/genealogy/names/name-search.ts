/**
 * Name search shared by people, villages and families: the SQL that matches a search
 * against the stored keys (key_latin, key_arabic, key_skeleton; trigram-indexed), the
 * rank, and the explanation of which stored spelling matched and how.
 */
import type { EquivalenceIndex } from "./equivalents.js";
import { hasArabic, normalizeArabic, normalizeLatin, skeleton, spellingKey } from "./normalize.js";
import { nameUnits, remembered, type NameUnit } from "./skeleton.js";

/** A word of a search: its own keys, and the keys of its equivalents in other languages. */
export interface QueryUnit extends NameUnit {
  equivalents: { key: string; name: string }[];
}

/** A search as the keys see it. */
export interface NameQuery {
  arabic: boolean;
  /** Normalised text in the search's own script. */
  text: string;
  /** Consonant skeleton (cross-script, spelling-independent): each word's ordinary reading. */
  skel: string;
  /** The words (compounds joined), each with every reading and equivalent. */
  units: QueryUnit[];
}

/** The keys of a search, or null when nothing searchable is left (punctuation only). */
export function parseNameQuery(search: string | null | undefined, equivalents?: EquivalenceIndex): NameQuery | null {
  const s = search?.trim();
  if (!s) return null;
  const arabic = hasArabic(s);
  const units = nameUnits(s)
    .filter((u) => u.keys.length)
    .map((u) => {
      const own = new Set(u.keys.map((k) => k.key));
      const eq = (equivalents?.groupsOf(u) ?? []).flatMap((g) => g.keys).filter((k) => !own.has(k.key));
      return { ...u, equivalents: eq };
    });
  const q = { arabic, text: arabic ? normalizeArabic(s) : normalizeLatin(s), skel: skeleton(s), units };
  return q.text || q.skel ? q : null;
}

/** The words of a row's name keys; the GIN index IDX_<table>_name_tokens is on exactly this. */
export const nameTokens = (alias: string): string =>
  `string_to_array(${alias}.key_latin || ' ' || ${alias}.key_arabic || ' ' || ${alias}.key_skeleton, ' ')`;

const words = (s: string) => s.split(" ").filter(Boolean);

/** Near spellings (trigrams) are looked for only when whole-word matches are fewer than this. */
export const NEAR_MATCHES_BELOW = 20;

/**
 * The SQL of a name search over `table` (alias `a`, rows already limited by `baseWhere`),
 * as CTEs ending in `m(id, sort_name, rank)`: every match, ranked once. Values are appended
 * to `params`. Two passes in one statement:
 * - whole words, on the token index: all the search's words among the record's words, as
 *   spelt (rank 1), as sounded (0.9), in another reading — Latin-American, a fused article —
 *   (0.88) or as an equivalent name in another language (0.85), each word on its own;
 * - only when that finds fewer than NEAR_MATCHES_BELOW: part of a word (LIKE, 3+ characters)
 *   and near spellings (`<%`), on the trigram indexes — the slow part, skipped by the
 *   planner (a one-time filter) when whole words already fill a page.
 * A whole stored name that sounds like the search ranks a little higher (Zahleh = Zahlé,
 * before Zahlet Kfar …); a name that starts with the search ranks above a near spelling.
 */
export function nameSearchCtes(q: NameQuery, table: string, a: string, baseWhere: string, sortCol: string, params: unknown[]): string {
  const col = `${a}.${q.arabic ? "key_arabic" : "key_latin"}`;
  const skelCol = `${a}.key_skeleton`;
  const tokens = nameTokens(a);
  const p = (v: unknown) => `$${params.push(v)}`;
  // A parameter is added only where the SQL uses it: PostgreSQL cannot type an unused one
  // (a vowel-only search has no skeleton, "could not determine data type of parameter").
  const once = (v: unknown) => {
    let ref: string | undefined;
    return () => (ref ??= p(v));
  };
  const t = once(q.text);
  const s = once(q.skel);
  const any = (keys: string[]) => `${tokens} && ${p(keys)}::text[]`;
  const spelling = () => q.units.map((u) => any(u.keys.map((k) => k.key))).join(" AND ");
  const withEquivalents = () => q.units.map((u) => any([...new Set([...u.keys, ...u.equivalents].map((k) => k.key))])).join(" AND ");
  // Ranked: the same words, the same ordinary skeleton, another reading (Latin-American,
  // fused article), an equivalent name in another language.
  const wholes = [
    ...(q.text ? [[`${tokens} @> ${p(words(q.text))}::text[]`, "1"]] : []),
    ...(q.skel ? [[`${tokens} @> ${p(words(q.skel))}::text[]`, "0.9"]] : []),
    ...(q.units.some((u) => u.keys.length > 1) ? [[spelling(), "0.88"]] : []),
    ...(q.units.some((u) => u.equivalents.length) ? [[withEquivalents(), "0.85"]] : []),
  ];
  const whole = wholes.length ? wholes.map(([c]) => `(${c})`).join(" OR ") : "false";
  const near =
    [
      ...(q.text.length >= 3 ? [`${col} LIKE '%' || ${t()} || '%'`] : []),
      ...(q.text ? [`${t()} <% ${col}`] : []),
      ...(q.skel ? [`${s()} <% ${skelCol}`] : []),
    ].join(" OR ") || "false";
  const prefix = q.text ? `WHEN ${col} LIKE ${t()} || '%' OR ${col} LIKE '% | ' || ${t()} || '%' THEN 0.8` : "";
  const similar = `greatest(${q.text ? `word_similarity(${t()}, ${col})` : "0"}, ${q.skel ? `word_similarity(${s()}, ${skelCol}) * 0.9` : "0"}) * 0.8`;
  const same = q.skel ? ` + CASE WHEN ' | ' || ${skelCol} || ' | ' LIKE '% | ' || ${s()} || ' | %' THEN 0.05 ELSE 0 END` : "";
  // The rank reads the row's words once (k.tok), not once per condition; WHERE keeps the
  // indexed expression.
  const rank = `(CASE ${wholes.map(([c, r]) => `WHEN (${c.split(tokens).join("k.tok")}) THEN ${r}`).join(" ")} ${prefix} ELSE ${similar} END${same})`;
  const select = `SELECT ${a}.id, ${sortCol} AS sort_name, ${rank} AS rank FROM ${table} ${a} CROSS JOIN LATERAL (SELECT ${tokens} AS tok OFFSET 0) k`;
  return `whole AS MATERIALIZED (${select} WHERE ${baseWhere} AND (${whole})),
    near AS MATERIALIZED (${select} WHERE (SELECT count(*) FROM whole) < ${NEAR_MATCHES_BELOW} AND ${baseWhere} AND NOT (${whole}) AND (${near})),
    m AS (SELECT * FROM whole UNION ALL SELECT * FROM near)`;
}

/** How a search matched: the same spelling, an equivalent name, the same sound, or a near spelling. */
export enum MatchKind {
  EXACT = "EXACT",
  VARIANT = "VARIANT",
  PHONETIC = "PHONETIC",
  TYPO = "TYPO",
}

/** Why one word of a search matched one word of a name. */
export enum MatchReason {
  /** The same name in the other script (Khoury ↔ خوري). */
  SCRIPT = "SCRIPT",
  /** Another spelling of the same sounds (Khoury ↔ Khouri). */
  SPELLING = "SPELLING",
  /** An article written into the word (Elhage ↔ El Hage). */
  FUSED_ARTICLE = "FUSED_ARTICLE",
  /** A Spanish or Portuguese rendering (Jalil ↔ Khalil, Xaia ↔ Chaia). */
  LATIN_AMERICAN = "LATIN_AMERICAN",
  /** The same given name in another language (Juan ↔ Hanna). */
  EQUIVALENT = "EQUIVALENT",
}

export interface MatchStep {
  reason: MatchReason;
  /** The word as searched. */
  searched: string;
  /** The person's word it matched. */
  matched: string;
}

export interface NameMatchResult {
  kind: MatchKind;
  /** The stored name or spelling that matched. */
  matched: string;
  score: number;
  /** Each searched word that did not match as spelt, and why it matched. */
  steps: MatchStep[];
}

const LEVEL: Record<MatchReason, number> = { SCRIPT: 1, SPELLING: 1, FUSED_ARTICLE: 2, LATIN_AMERICAN: 2, EQUIVALENT: 3 };

const hasWords = (haystack: string, needle: string) => Boolean(needle) && ` ${haystack.replace(/ \| /g, " ")} `.includes(` ${needle} `);
const norm = remembered(spellingKey);

function trigrams(s: string): Set<string> {
  const out = new Set<string>();
  for (const w of s.split(/\s+/).filter(Boolean)) {
    const padded = `  ${w} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/** pg_trgm's similarity, for explaining a near-miss spelling. */
function similarity(a: string, b: string): number {
  const [x, y] = [trigrams(a), trigrams(b)];
  const shared = [...x].filter((g) => y.has(g)).length;
  return shared / Math.max(1, x.size + y.size - shared);
}

const unitKeys = new WeakMap<NameUnit, Map<string, string>>();

/** A word's keys and why each exists (remembered: a name's units are). */
function keysOf(u: NameUnit): Map<string, string> {
  let m = unitKeys.get(u);
  if (!m) {
    m = new Map();
    for (const k of [...u.keys, ...u.extra]) if (!m.has(k.key)) m.set(k.key, k.via);
    unitKeys.set(u, m);
  }
  return m;
}

/** How one searched word matches one word of a name: null, "exact", or the step that explains it. */
function wordMatch(qu: QueryUnit, ru: NameUnit): MatchStep | "exact" | null {
  if (qu.arabic === ru.arabic && norm(qu.text) === norm(ru.text)) return "exact";
  const theirs = keysOf(ru);
  let best: MatchStep | null = null;
  for (const k of qu.keys) {
    const via = theirs.get(k.key);
    if (!via) continue;
    const special = k.via !== "SPELLING" ? k.via : via !== "SPELLING" ? via : null;
    const reason = special
      ? MatchReason[special as keyof typeof MatchReason]
      : qu.arabic !== ru.arabic
        ? MatchReason.SCRIPT
        : MatchReason.SPELLING;
    if (!best || LEVEL[reason] < LEVEL[best.reason]) best = { reason, searched: qu.text, matched: ru.text };
  }
  // A name the curated list gives in another language is its equivalent, even where a
  // Latin-American reading happens to join them too (Joseph, with Spanish j, and Youssef).
  const eq = (!best || LEVEL[best.reason] >= 2) && qu.equivalents.some((e) => e.key === ru.keys[0]?.key);
  if (eq || (!best && qu.equivalents.some((e) => theirs.has(e.key))))
    return { reason: MatchReason.EQUIVALENT, searched: qu.text, matched: ru.text };
  return best;
}

/** Every searched word matched within `units`, or null. */
function explainWith(q: NameQuery, units: readonly NameUnit[]): MatchStep[] | null {
  const steps: MatchStep[] = [];
  for (const qu of q.units) {
    const found = units.map((ru) => wordMatch(qu, ru)).filter((m) => m !== null);
    if (!found.length) return null;
    if (found.includes("exact")) continue;
    steps.push((found as MatchStep[]).reduce((a, b) => (LEVEL[b.reason] < LEVEL[a.reason] ? b : a)));
  }
  return steps;
}

const worst = (steps: MatchStep[]) => Math.max(0, ...steps.map((s) => LEVEL[s.reason]));

/**
 * Which of a record's names explains a match, and how, word by word. Names in the search's
 * own script are tried first, so "الخوري" explains itself by the Arabic name, "Khouri" by "Khoury".
 */
export function explainNameMatch(
  names: (string | null | undefined)[],
  search: string | NameQuery,
  equivalents?: EquivalenceIndex,
): NameMatchResult | null {
  // A page of results parses its search once.
  const q = typeof search === "string" ? parseNameQuery(search, equivalents) : search;
  const all = [...new Set(names.filter((n): n is string => Boolean(n?.trim())))];
  if (!q || !all.length) return null;
  const sameScript = all.filter((n) => hasArabic(n) === q.arabic);
  const ordered = [...sameScript, ...all.filter((n) => !sameScript.includes(n))];
  const exact = sameScript.find((n) => hasWords(norm(n), q.text));
  if (exact) return { kind: MatchKind.EXACT, matched: exact, score: 1, steps: [] };
  const units = new Map(ordered.map((n) => [n, nameUnits(n)]));
  // One name that explains every word, the closest first; else the record's names together.
  const candidates = ordered
    .map((n) => ({ n, steps: explainWith(q, units.get(n)!) }))
    .filter((c): c is { n: string; steps: MatchStep[] } => c.steps !== null);
  const together = candidates.length ? null : explainWith(q, [...units.values()].flat());
  const best =
    candidates.reduce<{ n: string; steps: MatchStep[] } | null>((a, b) => (!a || worst(b.steps) < worst(a.steps) ? b : a), null) ??
    (together && {
      n: ordered.find((n) => together.some((s) => units.get(n)!.some((u) => u.text === s.matched))) ?? ordered[0],
      steps: together,
    });
  if (best) {
    const level = worst(best.steps);
    if (level === 0) return { kind: MatchKind.EXACT, matched: best.n, score: 1, steps: [] };
    const kind = level >= 3 ? MatchKind.VARIANT : MatchKind.PHONETIC;
    return { kind, matched: best.n, score: level >= 3 ? 0.85 : level === 2 ? 0.88 : 0.9, steps: best.steps };
  }
  const scored = ordered.map((n) => ({
    n,
    s: Math.max(hasArabic(n) === q.arabic ? similarity(q.text, norm(n)) : 0, similarity(q.skel, skeleton(n))),
  }));
  const top = scored.reduce((a, b) => (b.s > a.s ? b : a));
  return { kind: MatchKind.TYPO, matched: top.n, score: Math.round(top.s * 0.8 * 100) / 100, steps: [] };
}
