import { all, type ReadTags } from "../../common/auth/reads.js";

/**
 * The encyclopedia is public. Which revisions' texts a reader gets is rootpedia.policy's
 * `mayRead` (pending, refused and hidden ones only for their author and the reviewers); why a
 * revision was hidden is the reviewers'; an edit conflict and watching are the member's own.
 */
export const rootpediaReads: ReadTags = {
  RootpediaArticle: {
    ...all(
      "anyone",
      "baseRevisionId contents history html id isOutline language outOfDate pending slug stable title translations updatedAt viewerCan village",
    ),
    editConflict: "self",
    watching: "self",
  },
  RootpediaRevision: {
    ...all("anyone", "article author content contentHash createdAt hidden html id parentId size sizeChange status summary title"),
    hiddenReason: "reviewers",
  },
  RootpediaViewerCan: all("anyone", "edit review"),
  RootpediaEditConflict: all("self", "base latest"),
  RootpediaComparison: all("anyone", "coarse rows"),
  RootpediaDiffRow: all("anyone", "after before coarse kind moveId skipped"),
  RootpediaDiffLine: all("anyone", "label level spans type"),
  RootpediaDiffSpan: all("anyone", "change href marks text"),
  RootpediaDiffPart: all("anyone", "coarse kind moved text"),
  RootpediaHeading: all("anyone", "anchor level text"),
  RootpediaOutOfDate: all("anyone", "articleId changed language"),
  RootpediaSearchHit: all("anyone", "article snippet"),
  RootpediaSnippetPart: all("anyone", "match text"),
};
