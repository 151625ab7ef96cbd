import type { DocumentNode } from "graphql";

/**
 * Trusted documents (issue 40): every operation is sent as the sha256 hash GraphQL Code
 * Generator gave it (`persistedDocuments` in codegen.ts: `__meta__.hash`, "sha256:<hex>"), which
 * the server looks up in the manifest written beside it (client/src/gql/persisted-documents.json).
 * In production the server runs nothing else for the site.
 */
export function documentHash(document: DocumentNode): string | undefined {
  const hash = (document as { __meta__?: { hash?: unknown } }).__meta__?.hash;
  return typeof hash === "string" ? hash.replace(/^sha256:/, "") : undefined;
}

/** The server's answer to a hash it does not know (a build older or newer than the server's). */
export const isPersistedQueryNotFound = (body: { errors?: readonly { extensions?: { code?: unknown } }[] }): boolean =>
  !!body.errors?.some((e) => e.extensions?.code === "PERSISTED_QUERY_NOT_FOUND");

/**
 * The JSON body of a plain fetch of `document` (`text` is its text, kept for a server that does
 * not know the hash: a development server started before the last `npm run codegen`).
 */
export function persistedBody(document: DocumentNode, text: string, whole: boolean, variables?: Record<string, unknown>): string {
  const sha256Hash = documentHash(document);
  const operationName = document.definitions.find((d) => d.kind === "OperationDefinition")?.name?.value;
  return JSON.stringify({
    operationName,
    ...(variables ? { variables } : {}),
    ...(sha256Hash ? { extensions: { persistedQuery: { version: 1, sha256Hash } } } : {}),
    ...(whole || !sha256Hash ? { query: text } : {}),
  });
}
