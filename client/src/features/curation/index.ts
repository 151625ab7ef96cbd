/** What other features may use of curation. */
export { CuratorVillages } from "./components/CuratorVillages";
export { RecordHistory } from "./components/RecordHistory";
