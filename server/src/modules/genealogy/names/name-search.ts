/**
 * Name search shared by people, villages and families: the SQL that matches a search
 * against the stored keys (key_latin, key_arabic, key_skeleton; trigram-indexed), the
 * rank, and the explanation of which stored spelling matched and how.
 */
import { hasArabic, normalizeArabic, normalizeLatin, phoneticKey, skeleton } from "./normalize.js";

/** A search as the keys see it. */
export interface NameQuery {
  arabic: boolean;
  /** Normalised text in the search's own script. */
  text: string;
  /** Consonant skeleton (cross-script, spelling-independent). */
  skel: string;
  /** Skeleton with equivalent names folded (Joseph → Youssef). */
  phonetic: string;
}

/** The keys of a search, or null when nothing searchable is left (punctuation only). */
export function parseNameQuery(search: string | null | undefined): NameQuery | null {
  const s = search?.trim();
  if (!s) return null;
  const arabic = hasArabic(s);
  const q = { arabic, text: arabic ? normalizeArabic(s) : normalizeLatin(s), skel: skeleton(s), phonetic: phoneticKey(s) };
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
 *   spelt (rank 1), as sounded (0.9) or as an equivalent name (0.85);
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
  const wholes = [
    ...(q.text ? [[p(words(q.text)), "1"]] : []),
    ...(q.skel ? [[p(words(q.skel)), "0.9"]] : []),
    ...(q.phonetic && q.phonetic !== q.skel ? [[p(words(q.phonetic)), "0.85"]] : []),
  ].map(([v, r]) => [`${tokens} @> ${v}::text[]`, r]);
  const whole = wholes.length ? wholes.map(([c]) => c).join(" OR ") : "false";
  const near =
    [
      ...(q.text.length >= 3 ? [`${col} LIKE '%' || ${t()} || '%'`] : []),
      ...(q.text ? [`${t()} <% ${col}`] : []),
      ...(q.skel ? [`${s()} <% ${skelCol}`] : []),
    ].join(" OR ") || "false";
  const prefix = q.text ? `WHEN ${col} LIKE ${t()} || '%' OR ${col} LIKE '% | ' || ${t()} || '%' THEN 0.8` : "";
  const similar = `greatest(${q.text ? `word_similarity(${t()}, ${col})` : "0"}, ${q.skel ? `word_similarity(${s()}, ${skelCol}) * 0.9` : "0"}) * 0.8`;
  const same = q.skel ? ` + CASE WHEN ' | ' || ${skelCol} || ' | ' LIKE '% | ' || ${s()} || ' | %' THEN 0.05 ELSE 0 END` : "";
  const rank = `(CASE ${wholes.map(([c, r]) => `WHEN ${c} THEN ${r}`).join(" ")} ${prefix} ELSE ${similar} END${same})`;
  const select = `SELECT ${a}.id, ${sortCol} AS sort_name, ${rank} AS rank FROM ${table} ${a}`;
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

export interface NameMatchResult {
  kind: MatchKind;
  /** The stored name or spelling that matched. */
  matched: string;
  score: number;
}

const hasWords = (haystack: string, needle: string) => Boolean(needle) && ` ${haystack.replace(/ \| /g, " ")} `.includes(` ${needle} `);

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

/**
 * Which of a record's names explains a match, and how. Names in the search's own script
 * are tried first, so "الخوري" explains itself by the Arabic name, "Khouri" by "Khoury".
 */
export function explainNameMatch(names: (string | null | undefined)[], search: string): NameMatchResult | null {
  const q = parseNameQuery(search);
  const all = [...new Set(names.filter((n): n is string => Boolean(n?.trim())))];
  if (!q || !all.length) return null;
  const sameScript = all.filter((n) => hasArabic(n) === q.arabic);
  const ordered = [...sameScript, ...all.filter((n) => !sameScript.includes(n))];
  const norm = (n: string) => (hasArabic(n) ? normalizeArabic(n) : normalizeLatin(n));
  const exact = sameScript.find((n) => hasWords(norm(n), q.text));
  if (exact) return { kind: MatchKind.EXACT, matched: exact, score: 1 };
  const phonetic = ordered.find((n) => hasWords(skeleton(n), q.skel));
  if (phonetic) return { kind: MatchKind.PHONETIC, matched: phonetic, score: 0.9 };
  const variant = ordered.find((n) => hasWords(phoneticKey(n), q.phonetic));
  if (variant) return { kind: MatchKind.VARIANT, matched: variant, score: 0.85 };
  const scored = ordered.map((n) => ({
    n,
    s: Math.max(hasArabic(n) === q.arabic ? similarity(q.text, norm(n)) : 0, similarity(q.phonetic, phoneticKey(n))),
  }));
  const best = scored.reduce((a, b) => (b.s > a.s ? b : a));
  return { kind: MatchKind.TYPO, matched: best.n, score: Math.round(best.s * 0.8 * 100) / 100 };
}
