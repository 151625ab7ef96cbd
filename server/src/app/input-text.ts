import { GraphQLError, visit, type DocumentNode } from "graphql";
import { AppError, ErrorCode } from "../common/errors.js";
import { hasUnsafeText } from "../common/text.js";

/** The path of the first unsafe string (common/text.ts) in a JSON value (variables), or null. */
function unsafeIn(value: unknown, path: string): string | null {
  if (typeof value === "string") return hasUnsafeText(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unsafeIn(value[i], `${path}.${i}`);
      if (found) return found;
    }
  } else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      const found = hasUnsafeText(key) ? `${path}.?` : unsafeIn(v, `${path}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

/** Whether a document writes out unsafe text; once per document (Apollo keeps one object per text). */
const literals = new WeakMap<DocumentNode, boolean>();
function unsafeLiteral(document: DocumentNode): boolean {
  let found = literals.get(document);
  if (found === undefined) {
    found = false;
    visit(document, {
      StringValue(node) {
        if (hasUnsafeText(node.value)) found = true;
      },
    });
    literals.set(document, found);
  }
  return found;
}

/**
 * Refuses, before anything runs, an operation whose variables or written-out arguments carry
 * unsafe text: BAD_USER_INPUT with a translated reason and the argument's path, on every
 * operation and both transports (HTTP and WebSocket), instead of an internal error once the
 * database sees it. Returns the error, or null when all text is safe.
 */
export function unsafeTextError(document: DocumentNode, variables: Record<string, unknown> | null | undefined): GraphQLError | null {
  const field = (variables ? unsafeIn(variables, "$") : null) ?? (unsafeLiteral(document) ? "argument" : null);
  if (!field) return null;
  const reason = new AppError(ErrorCode.BAD_USER_INPUT, "errors.unsafe_text", {}, [
    { field: field.replace(/^\$\./, ""), key: "errors.unsafe_text" },
  ]);
  return new GraphQLError(reason.key, { originalError: reason, extensions: { code: ErrorCode.BAD_USER_INPUT, http: { status: 400 } } });
}
