import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { ArgumentValidationError } from "type-graphql";
import { isServerBusy, serverBusy } from "../common/busy.js";
import { AppError, ErrorCode, type FieldError } from "../common/errors.js";
import { type Language, runtimeKey, translate } from "../common/i18n.js";
import type { TranslationKey } from "../common/translation-keys.js";
import { logger } from "../common/logger.js";

/** Codes the GraphQL layer itself produces (parse, validation, bad variables). */
const PASS_THROUGH = new Set([
  "GRAPHQL_PARSE_FAILED",
  "GRAPHQL_VALIDATION_FAILED",
  "BAD_USER_INPUT",
  "BAD_REQUEST",
  "PERSISTED_QUERY_NOT_FOUND",
  "PERSISTED_QUERY_NOT_SUPPORTED",
  "OPERATION_RESOLUTION_FAILURE",
]);

function fieldErrorsFromValidation(err: ArgumentValidationError): FieldError[] {
  const out: FieldError[] = [];
  const walk = (errors: ArgumentValidationError["extensions"]["validationErrors"], prefix: string) => {
    for (const e of errors) {
      const field = prefix ? `${prefix}.${e.property}` : e.property;
      for (const constraint of Object.keys(e.constraints ?? {})) out.push({ field, key: runtimeKey(`errors.validation.${constraint}`) });
      if (e.children?.length) walk(e.children, field);
    }
  };
  walk(err.extensions.validationErrors, "");
  return out;
}

/**
 * A variable graphql-js refused while coercing it (`Variable "$input" got invalid value "picnic"
 * at "input.type"; Value "picnic" does not exist in "EventType" enum.`): the field it names, as
 * resolvers name fields (`type`, or the variable itself), and why, as a translation key.
 */
function coercionFieldError(message: string): FieldError | null {
  const m = /^Variable "\$(\w+)" got invalid value .*?(?: at "([\w.[\]]+)")?; (.*)$/s.exec(message);
  if (!m) return null;
  const path = m[2]?.split(".").slice(1).join(".");
  const key = /does not exist in "\w+" enum/.test(m[3])
    ? "errors.validation.isIn"
    : /Boolean/.test(m[3])
      ? "errors.validation.isBoolean"
      : "errors.validation.matches";
  return { field: path || m[1], key };
}

/** Busy refusals are logged at most every 10 s, with how many there were: a flood of them must not add a flood of lines. */
let busyLoggedAt = 0;
let busySince = 0;
function noteBusy(error: unknown): void {
  busySince++;
  const now = Date.now();
  if (now - busyLoggedAt < 10_000) return;
  logger.warn("Server busy: requests refused with SERVICE_UNAVAILABLE", { refused: busySince, last: String(error) });
  busyLoggedAt = now;
  busySince = 0;
}

/**
 * The one place errors become what clients read: a code, a translated message and,
 * for bad input, per-field messages. Unknown errors are logged and masked.
 */
export function presentError(formatted: GraphQLFormattedError, error: unknown, language: Language): GraphQLFormattedError {
  const original = error instanceof GraphQLError ? (error.originalError ?? error) : error;
  const base = { locations: formatted.locations, path: formatted.path };
  const withFields = (code: string, key: TranslationKey, params: Record<string, string | number>, fields: FieldError[], extra = {}) => ({
    ...base,
    message: translate(key, language, params),
    extensions: {
      code,
      key,
      ...(fields.length
        ? { fields: fields.map((f) => ({ field: f.field, key: f.key, message: translate(f.key, language, f.params) })) }
        : {}),
      ...extra,
    },
  });

  // Too busy to answer (no database connection in time, a statement timed out): the client is
  // told to try again shortly, never shown an internal error for what is the load's doing.
  const busy = !(original instanceof AppError) && isServerBusy(original);
  if (busy) noteBusy(original);
  const known = original instanceof AppError ? original : busy ? serverBusy() : null;
  if (known) {
    return withFields(
      known.code,
      known.key,
      known.params,
      known.fields,
      known.retryAfterSeconds !== undefined ? { retryAfterSeconds: known.retryAfterSeconds } : {},
    );
  }
  if (original instanceof ArgumentValidationError) {
    return withFields(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, fieldErrorsFromValidation(original));
  }
  const code = formatted.extensions?.code;
  // A variable of the wrong type or out of its enum: a translated bad input naming the field.
  const coerced = code === "BAD_USER_INPUT" && error instanceof GraphQLError ? coercionFieldError(error.message) : null;
  if (coerced) return withFields(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, [coerced]);
  if (typeof code === "string" && (PASS_THROUGH.has(code) || code === "UNAUTHENTICATED" || code === "FORBIDDEN")) {
    return { ...formatted, extensions: { ...formatted.extensions, code } };
  }
  // graphql-js errors raised before execution (bad variables, limits) have no original error.
  if (error instanceof GraphQLError && !error.originalError && !error.path) {
    return { ...formatted, extensions: { ...formatted.extensions, code: code ?? "GRAPHQL_VALIDATION_FAILED" } };
  }
  logger.error("Unexpected error", { error: original instanceof Error ? original.stack : String(original), path: formatted.path });
  return withFields(ErrorCode.INTERNAL_SERVER_ERROR, "errors.unexpected", {}, []);
}
