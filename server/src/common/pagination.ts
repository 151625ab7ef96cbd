import { ArgsType, ClassType, Field, Int, ObjectType } from "type-graphql";
import { Max, Min } from "class-validator";
import type { ObjectLiteral, SelectQueryBuilder } from "typeorm";
import { AppError, ErrorCode } from "./errors.js";
import { hasUnsafeText } from "./text.js";

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

@ArgsType()
export class ConnectionArgs {
  @Field(() => Int, { nullable: true, description: `Page size, 0 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).` })
  @Min(0)
  @Max(MAX_PAGE_SIZE)
  first?: number;

  @Field(() => String, { nullable: true, description: "Cursor of the last edge already read." })
  after?: string;
}

@ObjectType({ simpleResolvers: true, description: "Relay page information." })
export class PageInfo {
  @Field(() => Boolean)
  hasNextPage: boolean;

  @Field(() => Boolean)
  hasPreviousPage: boolean;

  @Field(() => String, { nullable: true })
  startCursor: string | null;

  @Field(() => String, { nullable: true })
  endCursor: string | null;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface Connection<T> {
  edges: Edge<T>[];
  pageInfo: PageInfo;
  totalCount: number;
}

/** Builds the `XConnection` and `XEdge` GraphQL types for a node type. */
export function ConnectionType<T extends object>(nodeType: ClassType<T>, name: string) {
  @ObjectType(`${name}Edge`, { simpleResolvers: true })
  class EdgeClass {
    @Field(() => String)
    cursor: string;

    @Field(() => nodeType)
    node: T;
  }

  @ObjectType(`${name}Connection`, { simpleResolvers: true, description: `A page of ${name} nodes.` })
  class ConnectionClass {
    @Field(() => [EdgeClass])
    edges: EdgeClass[];

    @Field(() => PageInfo)
    pageInfo: PageInfo;

    @Field(() => Int, { description: "Number of nodes in the whole list." })
    totalCount: number;
  }
  return ConnectionClass;
}

const encodeCursor = (value: string): string => Buffer.from(JSON.stringify([value]), "utf8").toString("base64url");

function decodeCursor(cursor: string): string {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 1 && typeof parsed[0] === "string" && !hasUnsafeText(parsed[0])) return parsed[0];
  } catch {
    // fall through to the error below
  }
  throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_cursor", {}, [{ field: "after", key: "errors.bad_cursor" }]);
}

/** A cursor over several key values (newest first: `[createdAt, id]`), opaque to the client. */
export const encodeKeyCursor = (values: readonly string[]): string => Buffer.from(JSON.stringify(values), "utf8").toString("base64url");

/** The key values of a cursor made by `encodeKeyCursor` with `length` values; BAD_USER_INPUT for anything else. */
export function decodeKeyCursor(cursor: string, length: number): string[] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === length && parsed.every((v) => typeof v === "string" && !hasUnsafeText(v)))
      return parsed as string[];
  } catch {
    // fall through to the error below
  }
  throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_cursor", {}, [{ field: "after", key: "errors.bad_cursor" }]);
}

/**
 * Keyset pagination over a unique, text-comparable column (e.g. `r.slug`): stable under
 * inserts, one query for the page plus one for the count.
 */
export async function paginate<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  args: ConnectionArgs,
  key: { column: string; value: (row: T) => string },
): Promise<Connection<T>> {
  const first = args.first ?? DEFAULT_PAGE_SIZE;
  const page = qb
    .clone()
    .orderBy(key.column, "ASC")
    .take(first + 1);
  if (args.after !== undefined && args.after !== null) {
    page.andWhere(`${key.column} > :__after`, { __after: decodeCursor(args.after) });
  }
  // The count and the page are independent: run them side by side on two connections.
  const [totalCount, rows] = await Promise.all([qb.clone().getCount(), first === 0 ? Promise.resolve([] as T[]) : page.getMany()]);
  const hasNextPage = rows.length > first;
  const edges = rows.slice(0, first).map((node) => ({ node, cursor: encodeCursor(key.value(node)) }));
  return {
    edges,
    totalCount,
    pageInfo: {
      hasNextPage,
      hasPreviousPage: Boolean(args.after),
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/** Page information of a keyset page: `after` is the cursor it was read after (none for the first page). */
export function keysetPageInfo(
  edges: { cursor: string }[],
  hasNextPage: boolean,
  after: string | null | undefined,
  endCursor = edges.at(-1)?.cursor ?? null,
): PageInfo {
  return { hasNextPage, hasPreviousPage: Boolean(after), startCursor: edges[0]?.cursor ?? null, endCursor };
}

/**
 * Cursors for ranked lists (search results), where there is no stable key to page on:
 * the position of the edge in the ranking.
 */
export const encodeOffsetCursor = (position: number): string => Buffer.from(JSON.stringify(["o", position]), "utf8").toString("base64url");

/** Page information of a ranked page starting at `offset` (edges carry offset cursors). */
export function offsetPageInfo(edges: { cursor: string }[], offset: number, hasNextPage: boolean): PageInfo {
  return { hasNextPage, hasPreviousPage: offset > 0, startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null };
}

/** The offset at which the page after `cursor` starts (0 without a cursor). */
export function offsetAfter(cursor: string | null | undefined): number {
  if (!cursor) return 0;
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    // A safe integer only: an offset of 1e300 is an "integer" to JavaScript and out of range to SQL.
    if (Array.isArray(v) && v[0] === "o" && Number.isSafeInteger(v[1]) && v[1] >= 0) return v[1] + 1;
  } catch {
    // fall through to the error below
  }
  throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_cursor", {}, [{ field: "after", key: "errors.bad_cursor" }]);
}

/**
 * A list size given as a plain argument (not ConnectionArgs): an integer from `min` to `max`,
 * else BAD_USER_INPUT naming the argument (a negative LIMIT is an SQL error, not a refusal).
 */
export function listSize(value: number, field: string, max: number, min = 0): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, [{ field, key: "errors.validation.range", params: { min, max } }]);
  }
  return value;
}
