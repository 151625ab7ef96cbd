/** Public surface of the villages feature: the reader's order for client-side village lists. */
export { sortVillages } from "./sort";
export { useVillageMap } from "./useVillageMap";
