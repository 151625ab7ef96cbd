import { all, connection, type ReadTags } from "../../common/auth/reads.js";

const families = connection("anyone");
const villages = connection("anyone", "match");

/**
 * Who reads what of villages, families and records beside people (people's own fields are the
 * person policy table's). The gazetteer and the records are public; photos waiting for review
 * are the village's reviewers'; curator grants are admins'; duplicates and name groups are for
 * editors and admins (staff).
 */
export const genealogyReads: ReadTags = {
  Asset: all(
    "anyone",
    "confidence description descriptionAr descriptionFr id latitude longitude name nameAr nameFr provenance sources type viewerCan village",
  ),
  AssetViewerCan: all("anyone", "edit"),
  EventViewerCan: all("anyone", "edit"),
  PersonViewerCan: all("anyone", "claimAsSelf edit"),
  RegistryViewerCan: all("anyone", "edit"),
  FamilyViewerCan: all("anyone", "edit"),
  Family: all("anyone", "confidence familyName familyNameAr familyNameFr id notes notesAr notesFr provenance viewerCan village"),
  FamilyConnection: families.connection,
  FamilyEdge: families.edge,
  Registry: all("anyone", "entries id title titleAr titleFr type viewerCan village"),
  District: all("anyone", "governorate governorateAr governorateFr name nameAr nameFr villageCount"),
  GenealogicalDate: all("anyone", "from qualifier text to year"),
  PageInfo: all("anyone", "endCursor hasNextPage hasPreviousPage startCursor"),
  PersonSearchMatch: all("anyone", "kind matchedVariant score via"),
  RelationshipNames: all("anyone", "ar en fr"),
  NameMatchStep: all("anyone", "matched reason searched"),
  NameEquivalentGroup: all("staff", "id key names reviewed reviewedAt source"),
  Village: {
    ...all(
      "anyone",
      "alternateNames createdAt description descriptionAr descriptionFr diasporaCount district districtAr districtFr events festivals governorate governorateAr governorateFr hasChurch hasMosque hasRegistry hasSchool id isPublic landmarks latitude longitude name nameAr nameFr otherNames photos populationCurrent registrySummary slug updatedAt wikidataId",
    ),
    waitingPhotos: "members",
  },
  VillageConnection: villages.connection,
  VillageEdge: villages.edge,
  VillageSearchMatch: all("anyone", "kind matched score"),
  VillagePoint: all("anyone", "district lat lng name nameAr nameFr slug"),
  VillageMapCaza: all("anyone", "count district latitude longitude offsets slugs"),
  VillageMember: all("anyone", "displayName id isViewer tie"),
  VillageCuratorGrant: all("admins", "active displayName expiresAt userId villageId villageName villageNameAr villageNameFr villageSlug"),
  VillageDuplicate: all("staff", "a b canMerge distanceKm reasons skeleton"),
  VillageMergeResult: all("staff", "moved village"),
  VillageMergeMoved: all("staff", "count reference"),
};
