/** Public surface of Rootpedia for other features: how a change is shown (proposals and ballots reuse it) and watching. */
export { directionOf } from "./components/ArticleBody";
export { DiffView } from "./components/DiffView";
export { WatchButton } from "./components/WatchButton";
export { ArticleLanguageField, ArticleTextField } from "./components/ArticleFields";
// A proposal reads as an article: rendered with its contents, compared side by side, written in the editor.
export { ArticleBody } from "./components/ArticleBody";
export { ArticleEditor } from "./components/ArticleEditor";
export { SideBySideDiff } from "./components/SideBySideDiff";
export { TableOfContents } from "./components/TableOfContents";
