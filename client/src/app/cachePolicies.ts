/**
 * What a reader may do with a record (`viewerCan`) has no id of its own, and queries ask it for
 * different fields (a person's page: edit and claimAsSelf; its chart: edit). Apollo replaces such
 * an object by default, which dropped the page's fields when the chart's answer came in, and the
 * page was fetched a second time to get them back. These are merged instead.
 *
 * So is a picture's sizes (`MediaImage`): a person page asks its portrait's every size, the cards
 * of the same person only a thumbnail; replaced, the page's answer lost its sizes, the page read
 * as not loaded yet, and a server-rendered person page with a portrait did not match its HTML.
 */
export const ID_LESS_MERGED = ["MediaImage"];

export const CACHE_TYPE_POLICIES = Object.fromEntries(
  [
    ...ID_LESS_MERGED,
    "AssetViewerCan",
    "BallotProposalViewerCan",
    "DocumentRequestViewerCan",
    "EventViewerCan",
    "FamilyViewerCan",
    "MediaViewerCan",
    "PartnerAppViewerCan",
    "PersonViewerCan",
    "RegistryViewerCan",
    "RootpediaViewerCan",
    "ViewerCan",
  ].map((type) => [type, { merge: true }]),
);
