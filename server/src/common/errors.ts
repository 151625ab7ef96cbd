import type { TranslationKey } from "./translation-keys.js";

/** Error codes shared by every area; formatError turns them into `extensions.code`. */
export const ErrorCode = {
  UNAUTHENTICATED: "UNAUTHENTICATED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  BAD_USER_INPUT: "BAD_USER_INPUT",
  CONFLICT: "CONFLICT",
  RATE_LIMITED: "RATE_LIMITED",
  /** The server is too busy to answer now (no database connection in time, a statement timed out): try again after `retryAfterSeconds`. */
  SERVICE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
  INTERNAL_SERVER_ERROR: "INTERNAL_SERVER_ERROR",
  /** A GraphQL request that is not one of the trusted documents (app/trusted-documents.ts). */
  PERSISTED_QUERY_NOT_FOUND: "PERSISTED_QUERY_NOT_FOUND",
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface FieldError {
  field: string;
  /** Translation key of the message. */
  key: TranslationKey;
  params?: Record<string, string | number>;
}

/**
 * An expected failure. `key` is a translation key (see client/public/translations.csv);
 * the reader's language is applied when the error is formatted.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly key: TranslationKey,
    readonly params: Record<string, string | number> = {},
    readonly fields: FieldError[] = [],
    readonly retryAfterSeconds?: number,
  ) {
    super(key);
    this.name = "AppError";
  }
}

export const notFound = (): AppError => new AppError(ErrorCode.NOT_FOUND, "errors.not_found");
export const forbidden = (): AppError => new AppError(ErrorCode.FORBIDDEN, "errors.forbidden");
export const unauthenticated = (): AppError => new AppError(ErrorCode.UNAUTHENTICATED, "errors.unauthenticated");
export const badInput = (fields: FieldError[], key: TranslationKey = "errors.bad_input"): AppError =>
  new AppError(ErrorCode.BAD_USER_INPUT, key, {}, fields);
