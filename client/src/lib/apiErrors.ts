import { CombinedGraphQLErrors } from "@apollo/client/errors";

export interface ApiProblem {
  /** The server's message, already in the reader's language. */
  message: string;
  code: string | null;
  /** Messages per input field (from BAD_USER_INPUT). */
  fields: Record<string, string[]>;
}

interface FieldEntry {
  field: string;
  message: string;
}

/** Turns an Apollo error into what a form shows: a message, a code and per-field messages. */
export function apiProblem(error: unknown, networkMessage: string): ApiProblem | null {
  if (!error) return null;
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const fields: Record<string, string[]> = {};
    for (const e of error.errors) {
      for (const f of (e.extensions?.fields as FieldEntry[] | undefined) ?? []) {
        const key = f.field.split(".").pop()!;
        // The same refusal for several records (both partners too young) is said once.
        if (!(fields[key] ??= []).includes(f.message)) fields[key].push(f.message);
      }
    }
    return { message: first?.message ?? networkMessage, code: (first?.extensions?.code as string) ?? null, fields };
  }
  return { message: networkMessage, code: null, fields: {} };
}

/**
 * A problem as one line for a form's alert: the message, then the field messages (all fields, or
 * only `fields`), each said once.
 */
export function problemText(problem: ApiProblem, fields?: readonly string[]): string {
  const details = fields ? fields.flatMap((f) => problem.fields[f] ?? []) : Object.values(problem.fields).flat();
  return [...new Set([problem.message, ...details])].join(" ");
}
