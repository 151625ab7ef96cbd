import type { Context } from "../../common/context.js";
import { isUuid } from "../../common/global-id.js";
import {
  decodeKeyCursor,
  encodeKeyCursor,
  keysetPageInfo,
  type Connection,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
} from "../../common/pagination.js";
import { ancestryError } from "./ancestry.errors.js";
import type { DocumentRequestView } from "./ancestry.types.js";
import type { DocumentDeskFilter } from "./ancestry.inputs.js";
import { dayInBeirut } from "./business-days.js";
import { rawIdOf } from "./request-input.js";
import { REQUEST_COLUMNS, type RequestRow } from "./requests.store.js";
import { isState } from "./states.js";
import { requestViews } from "./views.js";

/** The desk's WHERE and its parameters from a filter (submitted requests only). */
export function deskWhere(
  ctx: Pick<Context, "clock">,
  me: string,
  f: DocumentDeskFilter | null | undefined,
): { sql: string; params: unknown[] } {
  const where = ["r.submitted_at IS NOT NULL"];
  const params: unknown[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (f?.states?.length) {
    if (!f.states.every(isState) || f.states.length > 13) throw ancestryError("ancestry.errors.choice", "states");
    add((n) => `r.state = ANY(${n})`, f.states);
  }
  if (f?.mine) add((n) => `r.assigned_to = ${n}`, me);
  if (f?.unassigned) where.push("r.assigned_to IS NULL");
  if (f?.overdue) add((n) => `r.step_due_on < ${n}`, dayInBeirut(ctx.clock.now()));
  if (f?.documentTypeId) {
    const t = rawIdOf(f.documentTypeId, "DocumentType");
    if (!t) throw ancestryError("ancestry.errors.document_type", "documentTypeId");
    add((n) => `r.document_type_id = ${n}`, t);
  }
  return { sql: where.join(" AND "), params };
}

/**
 * The desk's queue, oldest submission first (the longest waiting at the top), in Relay pages
 * keyed on (submitted_at, id); with the filter's count.
 */
export async function deskPage(
  ctx: Context,
  filter: DocumentDeskFilter | null | undefined,
  first = DEFAULT_PAGE_SIZE,
  after?: string | null,
): Promise<Connection<DocumentRequestView>> {
  if (!Number.isInteger(first) || first < 0 || first > MAX_PAGE_SIZE)
    throw ancestryError("ancestry.errors.page", "first", { max: MAX_PAGE_SIZE });
  const { sql, params } = deskWhere(ctx, ctx.viewer.userId!, filter);
  const page = [...params];
  let keyset = "";
  if (after) {
    const [at, id] = decodeKeyCursor(after, 2);
    if (Number.isNaN(Date.parse(at)) || !isUuid(id)) throw ancestryError("ancestry.errors.page", "after", { max: MAX_PAGE_SIZE });
    page.push(at, id);
    keyset = ` AND (r.submitted_at, r.id) > ($${page.length - 1}::timestamptz, $${page.length}::uuid)`;
  }
  page.push(first + 1);
  const [rows, [{ n }]] = await Promise.all([
    ctx.ds.query(
      `SELECT ${REQUEST_COLUMNS} FROM ancestry_requests r WHERE ${sql}${keyset} ORDER BY r.submitted_at, r.id LIMIT $${page.length}`,
      page,
    ) as Promise<RequestRow[]>,
    ctx.ds.query(`SELECT count(*)::int AS n FROM ancestry_requests r WHERE ${sql}`, params) as Promise<{ n: number }[]>,
  ]);
  const shown = rows.slice(0, first);
  const views = await requestViews(ctx, shown, false);
  const edges = views.map((node, i) => ({ node, cursor: encodeKeyCursor([shown[i].submitted_at!.toISOString(), shown[i].id]) }));
  return { edges, totalCount: n, pageInfo: keysetPageInfo(edges, rows.length > first, after) };
}
