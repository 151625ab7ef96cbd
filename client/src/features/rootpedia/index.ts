/** Public surface of Rootpedia for other features: how a change is shown (proposals and ballots reuse it) and watching. */
export { directionOf } from "./components/ArticleBody";
export { DiffView } from "./components/DiffView";
export { WatchButton } from "./components/WatchButton";
export { ArticleLanguageField, ArticleTextField } from "./components/ArticleFields";
