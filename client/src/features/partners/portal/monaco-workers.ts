/**
 * Monaco's workers for GraphiQL, as `graphiql/setup-workers/vite` sets them up. That module
 * cannot be used as it is: under Vite 8 (rolldown) its `monaco-graphql/esm/graphql.worker.js?worker`
 * import does not resolve through monaco-graphql's `./*` export, so the worker is named by its own export.
 */
import JsonWorker from "monaco-editor/esm/vs/language/json/json.worker.js?worker";
import EditorWorker from "monaco-editor/esm/vs/editor/editor.worker.js?worker";
import GraphQLWorker from "monaco-graphql/esm/graphql.worker?worker";

(globalThis as { MonacoEnvironment?: { getWorker(id: string, label: string): Worker } }).MonacoEnvironment = {
  getWorker(_id: string, label: string) {
    if (label === "json") return new JsonWorker();
    if (label === "graphql") return new GraphQLWorker();
    return new EditorWorker();
  },
};
