import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { GraphQLError, Kind, parse, print, visit, type FieldNode, type SelectionSetNode } from "graphql";
import type { Principal } from "../common/auth/principal.js";
import { AppError, ErrorCode } from "../common/errors.js";

/**
 * The trusted documents (issue 40): every operation the client was built with, as GraphQL Code
 * Generator's client preset wrote them (`persistedDocuments` in codegen.ts), sha256 hash → text.
 * The file is committed with the generated client code and shipped with the build (Dockerfile).
 */
export const PERSISTED_DOCUMENTS_JSON = fileURLToPath(new URL("../../../client/src/gql/persisted-documents.json", import.meta.url));

/** What a GraphQL request names: a document's text, and the hash of a persisted one. */
export interface DocumentRequest {
  query?: unknown;
  extensions?: unknown;
}

/** What to run: `query` (the request's `persistedQuery` extension is then dropped), or a refusal. */
export type Admission = { query: string } | { refused: AppError };

/** The hash a request names (`extensions.persistedQuery.sha256Hash`), as hex; undefined when it names none. */
export function requestedHash(extensions: unknown): string | undefined {
  const persisted = (extensions as { persistedQuery?: { sha256Hash?: unknown } } | null | undefined)?.persistedQuery;
  const hash = persisted?.sha256Hash;
  return typeof hash === "string" ? hash.replace(/^sha256:/, "").toLowerCase() : undefined;
}

/**
 * Apollo Client asks for `__typename` on every selection but an operation's root (its cache
 * needs them); codegen writes the documents without. The text the server runs for a hash has
 * them added, so the answer is what the client's cache expects.
 */
export function withTypenames(text: string): string {
  const typename: FieldNode = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: "__typename" } };
  const document = visit(parse(text), {
    SelectionSet: {
      leave(node: SelectionSetNode, _key, parent) {
        if (parent && !Array.isArray(parent) && (parent as { kind?: string }).kind === Kind.OPERATION_DEFINITION) return undefined;
        if (node.selections.some((s) => s.kind === Kind.FIELD && s.name.value === "__typename")) return undefined;
        return { ...node, selections: [...node.selections, typename] };
      },
    },
  });
  return print(document);
}

export const persistedQueryNotFound = () => new AppError(ErrorCode.PERSISTED_QUERY_NOT_FOUND, "errors.persisted_query_not_found");

/**
 * Which documents a request may run. With `enforce` (GRAPHQL_TRUSTED_DOCUMENTS, on in
 * production), a request not made with a partner app's token runs only a known hash; anything
 * else is refused with PERSISTED_QUERY_NOT_FOUND, introspection included. Without it, a known
 * hash runs its document and a document sent whole runs as it is (development: the client
 * sends it again whole after an unknown hash). Partner apps may always send documents whole.
 * No hash is ever learnt from a request (automatic persisted queries are off).
 */
export class TrustedDocuments {
  private readonly texts = new Map<string, string>();

  constructor(
    documents: Record<string, string>,
    readonly enforce: boolean,
  ) {
    for (const [hash, text] of Object.entries(documents)) this.texts.set(hash.replace(/^sha256:/, "").toLowerCase(), withTypenames(text));
  }

  /** The generated manifest; with `enforce`, a missing one stops the server from starting. */
  static load(enforce: boolean, file = PERSISTED_DOCUMENTS_JSON): TrustedDocuments {
    if (!existsSync(file)) {
      if (enforce) throw new Error(`GRAPHQL_TRUSTED_DOCUMENTS is on but ${file} is missing: run \`npm run codegen\`.`);
      return new TrustedDocuments({}, false);
    }
    return new TrustedDocuments(JSON.parse(readFileSync(file, "utf8")) as Record<string, string>, enforce);
  }

  /** How many documents are known. */
  get size(): number {
    return this.texts.size;
  }

  /** The text of the document a request names by a known hash, else undefined. */
  known(extensions: unknown): string | undefined {
    const hash = requestedHash(extensions);
    return hash === undefined ? undefined : this.texts.get(hash);
  }

  /**
   * The document to run for `request` made by `principal`, or why not; null when the request
   * names no hash and may send its document whole: it is left as it is.
   */
  admit(request: DocumentRequest, principal: Principal): Admission | null {
    const known = this.known(request.extensions);
    if (known !== undefined) return { query: known };
    const hash = requestedHash(request.extensions);
    if (this.enforce && principal.kind !== "app") return { refused: persistedQueryNotFound() };
    if (hash === undefined) return null;
    // An unknown hash: the document sent with it runs (never learnt); without one, the client is told to send it.
    return typeof request.query === "string" && request.query !== "" ? { query: request.query } : { refused: persistedQueryNotFound() };
  }
}

/** A refusal as the GraphQL layers throw it: translated by formatError, a 400 over HTTP. */
export const refusalError = (refused: AppError) =>
  new GraphQLError(refused.message, { originalError: refused, extensions: { http: { status: 400 } } });
