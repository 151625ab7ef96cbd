/**
 * Public surface of Rootpedia: each village's encyclopedia in Arabic, English and French —
 * articles and their language versions, immutable revisions with word diffs, a reviewed stable
 * version (readers see it while an edit waits), three-way merges of edits on a stale base,
 * search in any script, watching with notifications. Proposals and ballots build on it.
 */
import { defineArea } from "../../common/area.js";
import { ROOTPEDIA_TABLES, rootpediaHooks } from "./merge-hooks.js";
import { Role } from "../../common/auth/roles.js";
import { rootpediaNotifications } from "./notifications.js";
import { Article, Revision, Watch } from "./rootpedia.entity.js";
import { RootpediaResolver, RootpediaRevisionResolver } from "./rootpedia.resolver.js";
import { articlePolicy } from "./rootpedia.policy.js";

export { type DiffPart } from "./words.js";
// Texts compared off the event loop (worker threads, capped), as Rootpedia compares revisions.
export { diffTexts, warmTextWork } from "./text.js";
// Proposals show their changes as Rootpedia shows a revision's.
export { DiffPartView, diffPartViews, HeadingView } from "./rootpedia.types.js";
// A proposal reads as an article: rendered, and side by side with the revision it was written on.
export { compareVersions } from "./comparison.service.js";
export { ComparisonView, comparisonView } from "./comparison.types.js";
export { rendered } from "./article.service.js";
// What proposals and ballots build on: an edit is checked, merged and saved as Rootpedia saves it.
export { createArticle, villageBySlug, type VillageRef } from "./article.service.js";
export {
  articleLanguage,
  checkEdit,
  hashOf,
  loadArticle,
  loadRevision,
  rawIdOf,
  saveRevision,
  type ArticleRow,
  type EditInput,
  type RevisionRow,
} from "./revision.service.js";
import { rootpediaReads } from "./rootpedia.reads.js";

export const rootpediaArea = defineArea({
  name: "rootpedia",
  reads: rootpediaReads,
  tables: ROOTPEDIA_TABLES,
  shares: ROOTPEDIA_TABLES,
  policies: { RootpediaViewerCan: articlePolicy },
  hooks: rootpediaHooks,
  resolvers: [RootpediaResolver, RootpediaRevisionResolver],
  entities: [Article, Revision, Watch],
  notifications: rootpediaNotifications,
  management: [{ path: "/management/linpedia", roles: [Role.LOCAL_ROOT_CURATOR, Role.EDITOR] }],
});
export { inLanguage, type Named } from "./outline.js";
