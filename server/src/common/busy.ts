import { AppError, ErrorCode } from "./errors.js";

/**
 * How long a client is asked to wait (`Retry-After`, seconds) when the server is too busy to
 * answer: about the pool's connection timeout, long enough for a burst of work to drain.
 */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** What pg and pg-pool say when no connection came in time (the pool is exhausted, or the database is slow to accept one). */
const NO_CONNECTION = /^(timeout exceeded when trying to connect|Connection terminated due to connection timeout)$/;

/**
 * PostgreSQL's codes for "too busy now": a statement cut off by `statement_timeout` (query
 * canceled), too many connections, and a server that is starting or stopping.
 */
const BUSY_SQLSTATES = new Set(["57014", "53300", "57P03"]);

/**
 * True when `err` (or the error it wraps: GraphQL's originalError, TypeORM's driverError, a
 * cause, any of an AggregateError's) says the server had no time for the request: no pool
 * connection in time, or a statement that timed out. Such a request failed for the load, not
 * for what it asked: the client should try again shortly, and is told so (503, Retry-After).
 */
export function isServerBusy(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 5) return false;
  const e = err as { message?: unknown; code?: unknown; originalError?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.message === "string" && NO_CONNECTION.test(e.message)) return true;
  if (typeof e.code === "string" && BUSY_SQLSTATES.has(e.code)) return true;
  const inner = [e.originalError, e.driverError, e.cause, ...(err instanceof AggregateError && Array.isArray(e.errors) ? e.errors : [])];
  return inner.some((i) => i !== err && isServerBusy(i, depth + 1));
}

/** The refusal a busy server answers with: SERVICE_UNAVAILABLE, translated, with the wait. */
export const serverBusy = (): AppError =>
  new AppError(ErrorCode.SERVICE_UNAVAILABLE, "errors.service_unavailable", {}, [], BUSY_RETRY_AFTER_SECONDS);
