/**
 * What a reader may do with a record (`viewerCan`) has no id of its own, and queries ask it for
 * different fields (a person's page: edit and claimAsSelf; its chart: edit). Apollo replaces such
 * an object by default, which dropped the page's fields when the chart's answer came in, and the
 * page was fetched a second time to get them back. These are merged instead.
 */
export const CACHE_TYPE_POLICIES = Object.fromEntries(
  [
    "AssetViewerCan",
    "BallotProposalViewerCan",
    "DocumentRequestViewerCan",
    "EventViewerCan",
    "FamilyViewerCan",
    "MediaViewerCan",
    "PersonViewerCan",
    "RegistryViewerCan",
    "RootpediaViewerCan",
    "ViewerCan",
  ].map((type) => [type, { merge: true }]),
);
