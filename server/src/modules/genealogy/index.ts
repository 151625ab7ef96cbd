/** Public surface of the genealogy area. */
export { Village } from "./villages/village.entity.js";
export { VillageResolver } from "./villages/village.resolver.js";
export { villageNode } from "./villages/village.service.js";
export { ensureVillages, importVillages } from "./villages/village.import.js";
export { hasArabic, nameKeys, normalizeArabic, normalizeLatin, skeleton } from "./names/normalize.js";
export { PersonResolver } from "./people/person.resolver.js";
export { personNode } from "./people/person.service.js";
export { FamilyResolver, PersonFamilyResolver, familyNode } from "./families/family.resolver.js";
