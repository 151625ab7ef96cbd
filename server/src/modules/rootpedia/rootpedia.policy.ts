import { definePolicy, type VisibleSql } from "../../common/auth/policy.js";
import { curatedIds, isReviewStaff, mayReview } from "../genealogy/index.js";
import { memberOf, type Principal } from "../../common/auth/principal.js";

/**
 * Who may do what with a village's encyclopedia. Any member writes (a reviewer's or a trusted
 * author's edit is accepted at once, the revision service decides); the village's reviewers
 * (genealogy's one review rule) accept, refuse and hide. A visitor or an app alone only reads.
 */
export type ArticleAction = "edit" | "review";

export const articlePolicy = definePolicy<ArticleAction, { village_id: string }>(["edit", "review"], (who, action, article) => {
  if (!memberOf(who)?.userId) return false;
  return action === "edit" || mayReview(who, article.village_id);
});

/** Who may read a revision's text: anyone for an accepted one; its author and the reviewers for one pending, rejected or hidden. */
export function mayRead(
  who: Principal,
  article: { village_id: string },
  r: { hidden: boolean; status: string; author_id: string | null },
): boolean {
  if (mayReview(who, article.village_id)) return true;
  if (r.hidden) return false;
  const uid = memberOf(who)?.userId;
  return r.status === "accepted" || (uid != null && r.author_id === uid);
}

/** The review queue's filter: the articles (aliased `a`) of villages the principal reviews, parameters from `$first`. */
export function reviewableSql(who: Principal, first: number): VisibleSql {
  if (isReviewStaff(who)) return { sql: "true", params: [] };
  return { sql: `a.village_id = ANY($${first}::uuid[])`, params: [curatedIds(who)] };
}
