/** Public surface of the genealogy area: villages, families, people, unions, events, registries, assets, curation. */
import type { DataSource } from "typeorm";
import { defineArea } from "../../common/area.js";
import { genealogyVillageMoves } from "./villages/village-merge.service.js";
import { Role } from "../../common/auth/roles.js";
import { Asset } from "./assets/asset.entity.js";
import { AssetResolver, VillageAssetResolver } from "./assets/asset.resolver.js";
import { assetNode } from "./assets/asset.service.js";
import { CurationResolver } from "./curation/curation.resolver.js";
import { HistoryResolver } from "./curation/history.resolver.js";
import { VillageCurator } from "./curation/village-curator.entity.js";
import { GenealogyEvent } from "./events/event.entity.js";
import { EventResolver, PersonEventsResolver, VillageEventsResolver } from "./events/event.resolver.js";
import { eventNode } from "./events/event.service.js";
import { Family } from "./families/family.entity.js";
import { FamilyResolver, familyNode, PersonFamilyResolver } from "./families/family.resolver.js";
import { DedupeResolver } from "./people/dedupe.resolver.js";
import { ParentLink } from "./people/parent-link.entity.js";
import { Person } from "./people/person.entity.js";
import { PersonResolver } from "./people/person.resolver.js";
import { personNode } from "./people/person.service.js";
import { Union } from "./people/union.entity.js";
import { Registry, RegistryEntry } from "./registries/registry.entity.js";
import { RegistryCountryResolver, RegistryResolver, VillageRegistryResolver } from "./registries/registry.resolver.js";
import { registryEntryNode, registryNode } from "./registries/registry.service.js";
import { RelationshipResolver } from "./relationships/relationship.resolver.js";
import { NameEquivalent } from "./names/name-equivalent.entity.js";
import { NameEquivalentResolver } from "./names/equivalents.resolver.js";
import { MemberRootsResolver } from "./roots/member-roots.resolver.js";
import { MemberTreeRoot } from "./roots/tree-root.entity.js";
import { TreeStartResolver } from "./roots/tree-start.resolver.js";
import { OverviewResolver } from "./overview/overview.resolver.js";
import { seedDemoGenealogy } from "./seed/demo-genealogy.js";
import { seedDemoHub } from "./seed/demo-hub.js";
import { Village } from "./villages/village.entity.js";
import { VillageMerge, VillageSlugAlias } from "./villages/village-merge.entity.js";
import { VillageResolver } from "./villages/village.resolver.js";
import { EventPlaceResolver } from "./villages/village-place.resolver.js";
import { villageNode } from "./villages/village.service.js";
import { personPolicy, recordPolicy } from "./people/person.policy.js";

export { ensureVillages, importVillages } from "./villages/village.import.js";
export { ensureNameEquivalents } from "./names/equivalents.js";
export { hasArabic, nameKeys, normalizeArabic, normalizeLatin, skeleton, spellingKey } from "./names/normalize.js";
export { inReaderScript } from "./names/reader-script.js";
export { MIN_PARENT_GAP_YEARS, personNodes } from "./people/person.service.js";
export {
  parseGenealogicalDate,
  gedcomDate,
  hijriMonthTag,
  hijriMonthUri,
  HIJRI_CALENDAR_TAG,
  HIJRI_EXTENSION_URI,
  HIJRI_MONTH_TAGS,
  type GenealogicalDate,
} from "./dates/index.js";
import { genealogyReads } from "./genealogy.reads.js";
export { type NameKeys } from "./names/normalize.js";
// The one access rule for people, for areas that show people (the GEDCOM export).
export { accessTo, canEdit, hiddenParts, livingSql, POLICY_COLUMNS, type Access, type PolicyRow } from "./people/person.policy.js";
// Who reviews a village's records (curators of it, editors, admins): media and wiki reviews follow it.
export { curatedIds, isReviewStaff, mayReview } from "./curation/curation.policy.js";
export { PERSON_COLUMNS, type PersonRow } from "./people/person.present.js";
export { withRelatives } from "./people/person.relatives.js";
// A member's roots, defined once: every area that asks "which villages are this member's" uses this.
export { memberRoots, ROOTS_MAX_GENERATIONS, type MemberRoot, type RootReason } from "./roots/member-roots.js";
export { PersonView } from "./people/person.types.js";
export { mayMerge } from "./people/merge.service.js";
// Another area's document cited as a person's source (ancestry's delivered records).
export { citeSource } from "./people/person-sources.js";
export { personNode, Village };

export const genealogyArea = defineArea({
  name: "genealogy",
  reads: genealogyReads,
  // The family tree (people, links, imports build on it) and the village hubs, off at launch.
  flags: { familyTree: true, villageHubs: false },
  policies: {
    PersonViewerCan: personPolicy,
    AssetViewerCan: recordPolicy,
    EventViewerCan: recordPolicy,
    FamilyViewerCan: recordPolicy,
    RegistryViewerCan: recordPolicy,
  },
  tables: [
    "villages",
    "village_slug_aliases",
    "village_merges",
    "village_curators",
    "people",
    "parent_links",
    "unions",
    "families",
    "events",
    "assets",
    "registries",
    "registry_entries",
    "name_equivalents",
    "member_tree_roots",
  ],
  shares: ["villages", "village_curators", "people", "parent_links", "unions", "families", "events", "assets", "registries"],
  hooks: { onVillageMerge: genealogyVillageMoves },
  resolvers: [
    VillageResolver,
    EventPlaceResolver,
    PersonResolver,
    FamilyResolver,
    PersonFamilyResolver,
    EventResolver,
    VillageEventsResolver,
    PersonEventsResolver,
    RegistryResolver,
    RegistryCountryResolver,
    VillageRegistryResolver,
    AssetResolver,
    VillageAssetResolver,
    CurationResolver,
    HistoryResolver,
    DedupeResolver,
    RelationshipResolver,
    MemberRootsResolver,
    TreeStartResolver,
    OverviewResolver,
    NameEquivalentResolver,
  ],
  entities: [
    Village,
    Family,
    Person,
    ParentLink,
    Union,
    GenealogyEvent,
    Registry,
    RegistryEntry,
    Asset,
    VillageCurator,
    VillageSlugAlias,
    VillageMerge,
    MemberTreeRoot,
    NameEquivalent,
  ],
  nodes: {
    [Village.typeName]: villageNode,
    Person: personNode,
    Family: familyNode,
    Event: eventNode,
    Registry: registryNode,
    RegistryEntry: registryEntryNode,
    Asset: assetNode,
  },
  // Villages stay on (the platform's core); the family tree and the village hubs have flags.
  flagged: [
    {
      flag: "familyTree",
      resolvers: [
        PersonResolver,
        FamilyResolver,
        PersonFamilyResolver,
        PersonEventsResolver,
        CurationResolver,
        HistoryResolver,
        DedupeResolver,
        RelationshipResolver,
        TreeStartResolver,
        MemberRootsResolver,
        NameEquivalentResolver,
      ],
      nodes: ["Person", "Family"],
    },
    {
      flag: "villageHubs",
      resolvers: [
        EventResolver,
        VillageEventsResolver,
        RegistryResolver,
        RegistryCountryResolver,
        VillageRegistryResolver,
        AssetResolver,
        VillageAssetResolver,
      ],
      nodes: ["Event", "Registry", "RegistryEntry", "Asset"],
    },
  ],
  management: [
    { path: "/management/villages", roles: [Role.LOCAL_ROOT_CURATOR, Role.EDITOR] },
    { path: "/management/names", roles: [Role.EDITOR] },
  ],
  seed: async (ds: DataSource) => {
    await seedDemoGenealogy(ds);
    await seedDemoHub(ds);
  },
});
// Imports write the tree in bulk with genealogy's own statements.
export { IMPORTED_PRIVACY, treeBulkWrites } from "./people/bulk-import.js";
// Every area that links to a village loads it by id through one per-request loader.
export { createVillageLoaders } from "./villages/village.loaders.js";
export { publicVillageJoin } from "./villages/public-village.js";
