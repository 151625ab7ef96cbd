/** What other features may use of ingestion. */
export { ImportUnderway } from "./components/ImportUnderway";
