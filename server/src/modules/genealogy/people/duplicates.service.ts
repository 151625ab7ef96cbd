import type { Context } from "../../../common/context.js";
import { hasArabic, normalizeArabic, normalizeLatin, skeleton } from "../names/normalize.js";
import { MatchReason, type DuplicateQueryInput, type DuplicateSuggestion } from "./duplicates.types.js";
import { POLICY_COLUMNS } from "./person.policy.js";
import { PERSON_COLUMNS, presentPerson, type PersonRow } from "./person.present.js";
import { rawIdOf } from "./person.service.js";
import { seesBirthSql, seesPersonSql, viewerParams } from "./person.visibility.js";

const MAX_SUGGESTIONS = 8;
/** Birth years further apart than this are different people. */
export const BIRTH_YEAR_WINDOW = 5;

interface Scored extends PersonRow {
  s_latin: number;
  s_arabic: number;
  s_skeleton: number;
  same_village: boolean;
  same_family: boolean;
  year_gap: number | null;
}

/**
 * Existing people who may be the one being added: a similar name in any script
 * (normalised Latin, normalised Arabic, or the cross-script skeleton), in the same
 * village or family when those are given, born within ±5 years when both years are
 * known (judged by the widest reading of an approximate date). Ranked, each with why. Living people the viewer may not see are left out, and
 * a hidden birth year is never used (it would leak through the filter).
 */
export async function duplicateSuggestions(ctx: Context, input: DuplicateQueryInput): Promise<DuplicateSuggestion[]> {
  const names = [input.fullName, input.fullNameAr].map((n) => n?.trim() ?? "").filter(Boolean);
  const latin = normalizeLatin(names.filter((n) => !hasArabic(n)).join(" "));
  const arabic = normalizeArabic(names.filter(hasArabic).join(" "));
  const skeletons = [...new Set(names.map(skeleton).filter(Boolean))];
  if (!latin && !arabic && !skeletons.length) return [];
  const villageId = input.villageId ? rawIdOf(input.villageId, "Village") : null;
  const familyId = input.familyId ? rawIdOf(input.familyId, "Family") : null;
  const excludeId = input.excludeId ? rawIdOf(input.excludeId, "Person") : null;
  const birthVisible = seesBirthSql("p", "$1", "$2");
  const params = [
    // The viewer as every list of people sees them (seesPersonSql): relatives included.
    ...(await viewerParams(ctx)),
    latin,
    arabic,
    skeletons,
    villageId,
    familyId,
    input.birthYear ?? null,
    excludeId,
    BIRTH_YEAR_WINDOW,
    ctx.rootspace.id,
  ];
  const rows: Scored[] = await ctx.ds.query(
    `SELECT * FROM (
       SELECT ${POLICY_COLUMNS}, ${PERSON_COLUMNS},
              CASE WHEN $4 = '' THEN 0 ELSE word_similarity($4, p.key_latin) END AS s_latin,
              CASE WHEN $5 = '' THEN 0 ELSE word_similarity($5, p.key_arabic) END AS s_arabic,
              coalesce((SELECT max(word_similarity(s, p.key_skeleton)) FROM unnest($6::text[]) s), 0) AS s_skeleton,
              coalesce(p.village_id = $7, false) AS same_village,
              coalesce(p.family_id = $8, false) AS same_family,
              CASE WHEN $9::int IS NOT NULL AND p.birth_date_from IS NOT NULL AND ${birthVisible}
                   THEN greatest(0, extract(year FROM p.birth_date_from)::int - $9::int, $9::int - extract(year FROM p.birth_date_to)::int) END AS year_gap
         FROM people p
        WHERE p.rootspace_id = $12 AND ${seesPersonSql("p", "$1", "$2", "$3")}
          AND ($10::uuid IS NULL OR p.id <> $10)
          AND (($4 <> '' AND $4 <% p.key_latin) OR ($5 <> '' AND $5 <% p.key_arabic) OR EXISTS (SELECT 1 FROM unnest($6::text[]) s WHERE s <% p.key_skeleton))
          AND ($7::uuid IS NULL AND $8::uuid IS NULL OR p.village_id = $7 OR p.family_id = $8 OR (p.village_id IS NULL AND p.family_id IS NULL))
     ) c WHERE c.year_gap IS NULL OR c.year_gap <= $11`,
    params,
  );
  return rows
    .map((r) => {
      const reasons: MatchReason[] = [];
      const nameScore = Math.max(r.s_latin, r.s_arabic, r.s_skeleton * 0.9);
      let matchedName: string | null = null;
      if (r.s_latin >= 0.6) {
        reasons.push(MatchReason.NAME_LATIN);
        matchedName = r.full_name;
      }
      if (r.s_arabic >= 0.6) {
        reasons.push(MatchReason.NAME_ARABIC);
        matchedName ??= r.full_name_ar;
      }
      if (!reasons.length) {
        reasons.push(MatchReason.NAME_CROSS_SCRIPT);
        matchedName = latin ? (r.full_name_ar ?? r.full_name) : r.full_name;
      }
      if (r.same_village) reasons.push(MatchReason.SAME_VILLAGE);
      if (r.same_family) reasons.push(MatchReason.SAME_FAMILY);
      if (r.year_gap !== null) reasons.push(MatchReason.BIRTH_YEAR);
      const yearScore = r.year_gap === null ? 0 : 1 - r.year_gap / (BIRTH_YEAR_WINDOW + 1);
      // Weighed over what the input gave, so a perfect match scores 1 however much was typed.
      const weights = 0.6 + (villageId ? 0.15 : 0) + (familyId ? 0.15 : 0) + (input.birthYear ? 0.1 : 0);
      const score = (0.6 * nameScore + 0.15 * Number(r.same_village) + 0.15 * Number(r.same_family) + 0.1 * yearScore) / weights;
      return {
        person: presentPerson(r, ctx.principal, ctx.language),
        score: Math.round(score * 100) / 100,
        reasons,
        matchedName,
        id: r.id,
      };
    })
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
    .slice(0, MAX_SUGGESTIONS)
    .map(({ id: _id, ...s }) => s);
}
