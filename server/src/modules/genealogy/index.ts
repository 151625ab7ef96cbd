/** Public surface of the genealogy area. */
export { Village } from "./villages/village.entity.js";
export { VillageResolver } from "./villages/village.resolver.js";
export { villageNode } from "./villages/village.service.js";
export { ensureVillages, importVillages } from "./villages/village.import.js";
export { hasArabic, nameKeys, normalizeArabic, normalizeLatin, skeleton } from "./names/normalize.js";
export { PersonResolver } from "./people/person.resolver.js";
export { personNode } from "./people/person.service.js";
export { FamilyResolver, PersonFamilyResolver, familyNode } from "./families/family.resolver.js";
export { EventResolver, PersonEventsResolver, VillageEventsResolver } from "./events/event.resolver.js";
export { RegistryCountryResolver, RegistryResolver, VillageRegistryResolver } from "./registries/registry.resolver.js";
export { AssetResolver, VillageAssetResolver } from "./assets/asset.resolver.js";
export { eventNode } from "./events/event.service.js";
export { registryEntryNode, registryNode } from "./registries/registry.service.js";
export { assetNode } from "./assets/asset.service.js";
export { CurationResolver } from "./curation/curation.resolver.js";
export { HistoryResolver } from "./curation/history.resolver.js";
export { DedupeResolver } from "./people/dedupe.resolver.js";
export { RelationshipResolver } from "./relationships/relationship.resolver.js";
