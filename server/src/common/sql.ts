import type { Sql } from "sql-template-tag";
import type { DataSource, EntityManager } from "typeorm";
import { AppError, ErrorCode } from "./errors.js";
import { isUuid } from "./global-id.js";
import { decodeKeyCursor, encodeKeyCursor } from "./pagination.js";

/** INSERT of one row given as column → value (column names come from code, never from input). */
export async function insertRow(db: DataSource | EntityManager, table: string, row: Record<string, unknown>): Promise<void> {
  const cols = Object.keys(row);
  await db.query(
    `INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(", ")}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(", ")})`,
    Object.values(row),
  );
}

export { default as sql, empty, join, raw, type Sql } from "sql-template-tag";

/**
 * Appends a fragment's values to `params` and answers its text with `$n` placeholders numbered
 * after those already there, so a fragment written as a tagged template (`sql\`p.village_id =
 * ${id}\``) joins a statement whose other parts use positional parameters. Values never enter
 * the text.
 */
export function bind(params: unknown[], fragment: Sql): string {
  let text = fragment.strings[0];
  fragment.values.forEach((value, i) => {
    params.push(value);
    text += `$${params.length}${fragment.strings[i + 1]}`;
  });
  return text;
}

const INFINITY = /^-?infinity$/;

/** A calendar day that exists (no 31 February), as PostgreSQL checks it. */
function realDay(y: string, m: string, d: string): boolean {
  const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return day.getUTCFullYear() === Number(y) && day.getUTCMonth() === Number(m) - 1 && day.getUTCDate() === Number(d);
}

const VALID: Record<KeyColumn["type"], (v: string) => boolean> = {
  text: () => true,
  uuid: isUuid,
  // What PostgreSQL writes for a timestamptz or a date (`::text`), or ±infinity.
  timestamptz: (v) => {
    const m = /^(\d{4})-(\d{2})-(\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/.exec(v);
    return INFINITY.test(v) || (m !== null && realDay(m[1], m[2], m[3]));
  },
  date: (v) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    return INFINITY.test(v) || (m !== null && realDay(m[1], m[2], m[3]));
  },
  bigint: (v) => /^-?\d{1,18}$/.test(v),
  int: (v) => /^-?\d{1,9}$/.test(v),
};

/** One column (or expression) of a keyset order. Its value travels in the cursor as text, cast back with `type`. */
export interface KeyColumn {
  expr: string;
  type: "text" | "uuid" | "timestamptz" | "date" | "bigint" | "int";
  desc?: boolean;
}

export interface Keyset {
  /** The keys as text, to add to the select list (`_k0`, `_k1`…). */
  select: string;
  orderBy: string;
  /** The condition "after the cursor", or `true` for the first page. */
  after: string;
  /** The cursor of a row that selected `select`. */
  cursor(row: object): string;
}

/**
 * Keyset pagination ("seek"): the page after a cursor is the rows past the cursor's key in the
 * order given, whatever was inserted or deleted before it, read through the order's index
 * without counting the rows skipped (as OFFSET does). Mixed directions are allowed.
 */
export function keyset(params: unknown[], keys: readonly KeyColumn[], afterCursor: string | null | undefined): Keyset {
  const select = keys.map((k, i) => `(${k.expr})::text AS _k${i}`).join(", ");
  const orderBy = keys.map((k) => `${k.expr} ${k.desc ? "DESC" : "ASC"}`).join(", ");
  let after = "true";
  if (afterCursor) {
    const values = decodeKeyCursor(afterCursor, keys.length);
    // A cursor is the client's input: each value must read as its key's type, or the cast would fail in SQL.
    if (!values.every((v, i) => VALID[keys[i].type](v)))
      throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_cursor", {}, [{ field: "after", key: "errors.bad_cursor" }]);
    const placeholders = values.map((v, i) => {
      params.push(v);
      return `$${params.length}::${keys[i].type}`;
    });
    // (k0 > v0) OR (k0 = v0 AND k1 > v1) OR … with each key's own direction.
    after = `(${keys
      .map((k, i) =>
        [...keys.slice(0, i).map((e, j) => `${e.expr} = ${placeholders[j]}`), `${k.expr} ${k.desc ? "<" : ">"} ${placeholders[i]}`].join(
          " AND ",
        ),
      )
      .map((term) => `(${term})`)
      .join(" OR ")})`;
  }
  return {
    select,
    orderBy,
    after,
    cursor: (row) => encodeKeyCursor(keys.map((_, i) => String((row as Record<string, unknown>)[`_k${i}`]))),
  };
}

/** What code that only runs statements needs of a DataSource, an EntityManager or a transaction. */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}
