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
import type { DocumentTypeRow, FileRow, LineRow, RequestRow } from "./requests.store.js";
import { isState } from "./states.js";
import { viewsOf, type VillageNames } from "./views.js";
import { signingKey } from "../../common/signed-links.js";
import { preparedQuery } from "../../db/prepared.js";

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

/** A desk page as its statement answers it: the requests and what their views read, dates as JSON gives them. */
interface DeskDocument {
  n: number;
  rows: RequestRow[];
  types: DocumentTypeRow[];
  lines: LineRow[];
  names: { id: string; display_name: string }[];
  villages: VillageNames[];
  files: FileRow[];
  holidays: string[];
}

const LINE_KINDS = `ARRAY['government','service','translation','courier','pouch']`;

/**
 * One desk page in one statement (one round trip): the page's requests, the filter's count, and
 * what the views read for that page (its document types, fee lines, officers' names, villages,
 * files, and the public holidays), as one JSON document. The same columns as `requestViews`'s
 * queries read, amounts as text.
 */
function deskStatement(where: string, keyset: string, limit: string): [name: string, text: string] {
  const key = `${where}|${keyset}|${limit}`;
  let made = statements.get(key);
  if (!made) statements.set(key, (made = [`roots_desk_${statements.size}`, deskText(where, keyset, limit)]));
  return made;
}

/**
 * The statement of each filter's shape, named for `preparedQuery`: each connection plans it once
 * (its WHERE only varies with which filters are set, so there are a few dozen at most).
 */
const statements = new Map<string, [string, string]>();

function deskText(where: string, keyset: string, limit: string): string {
  return `WITH page AS (SELECT r.* FROM ancestry_requests r WHERE ${where}${keyset} ORDER BY r.submitted_at, r.id LIMIT ${limit})
SELECT json_build_object(
  'n', (SELECT count(*)::int FROM ancestry_requests r WHERE ${where}),
  'rows', (SELECT coalesce(json_agg(p ORDER BY p.submitted_at, p.id), '[]') FROM page p),
  'types', (SELECT coalesce(json_agg(json_build_object('id', t.id, 'code', t.code, 'name_ar', t.name_ar, 'name_en', t.name_en,
      'name_fr', t.name_fr, 'required_fields', t.required_fields, 'required_attachments', t.required_attachments,
      'government_fee_lbp', t.government_fee_lbp::text, 'service_fee_usd', t.service_fee_usd::text,
      'translation_fee_usd', t.translation_fee_usd::text, 'courier_fee_usd', t.courier_fee_usd::text,
      'pouch_fee_usd', t.pouch_fee_usd::text, 'review_days', t.review_days, 'registry_days', t.registry_days,
      'translation_days', t.translation_days, 'delivery_days', t.delivery_days, 'active', t.active, 'position', t.position)), '[]')
    FROM ancestry_document_types t WHERE t.id IN (SELECT document_type_id FROM page)),
  'lines', (SELECT coalesce(json_agg(json_build_object('id', l.id, 'request_id', l.request_id, 'kind', l.kind, 'usd', l.usd::text,
      'lbp', l.lbp::text, 'rate_id', l.rate_id, 'rate_per_usd', l.rate_per_usd, 'rate_source', l.rate_source, 'rate_on', l.rate_on::text,
      'post_at', l.post_at, 'hold_id', l.hold_id, 'status', l.status, 'transaction_id', l.transaction_id,
      'refunded_usd', l.refunded_usd::text) ORDER BY l.request_id, array_position(${LINE_KINDS}, l.kind)), '[]')
    FROM ancestry_request_lines l WHERE l.request_id IN (SELECT id FROM page)),
  'names', (SELECT coalesce(json_agg(json_build_object('id', u.id, 'display_name', u.display_name)), '[]')
    FROM users u WHERE u.id IN (SELECT assigned_to FROM page)),
  'villages', (SELECT coalesce(json_agg(json_build_object('id', v.id, 'name', v.name, 'name_ar', v.name_ar, 'name_fr', v.name_fr)), '[]')
    FROM villages v WHERE v.id IN (SELECT registration_village_id FROM page)),
  'files', (SELECT coalesce(json_agg(f ORDER BY f.created_at, f.id), '[]')
    FROM ancestry_request_files f WHERE f.request_id IN (SELECT id FROM page)),
  'holidays', (SELECT coalesce(json_agg(DISTINCT h.day::text), '[]') FROM public_holidays h)
) AS desk`;
}

/** JSON's timestamps (ISO 8601 text) as the Dates the pg driver gives for the same columns. */
const at = (v: unknown): Date | null => (v == null ? null : new Date(v as string));

function groupBy<T extends { request_id: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const list = out.get(r.request_id);
    if (list) list.push(r);
    else out.set(r.request_id, [r]);
  }
  return out;
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
  let keyset = "";
  if (after) {
    const [at, id] = decodeKeyCursor(after, 2);
    if (Number.isNaN(Date.parse(at)) || !isUuid(id)) throw ancestryError("ancestry.errors.page", "after", { max: MAX_PAGE_SIZE });
    params.push(at, id);
    keyset = ` AND (r.submitted_at, r.id) > ($${params.length - 1}::timestamptz, $${params.length}::uuid)`;
  }
  params.push(first + 1);
  const [[{ desk }], key] = await Promise.all([
    preparedQuery<{ desk: DeskDocument }>(ctx.ds, ...deskStatement(sql, keyset, `$${params.length}`), params),
    signingKey(ctx.ds, ctx.config),
  ]);
  const rows = desk.rows;
  for (const r of rows) {
    r.step_started_at = at(r.step_started_at);
    r.submitted_at = at(r.submitted_at);
    r.created_at = at(r.created_at)!;
    r.updated_at = at(r.updated_at)!;
  }
  for (const f of desk.files) {
    f.created_at = at(f.created_at)!;
    f.attached_at = at(f.attached_at);
  }
  const shown = rows.slice(0, first);
  const views = viewsOf(ctx, shown, {
    types: new Map(desk.types.map((t) => [t.id, t])),
    lines: groupBy(desk.lines),
    names: new Map(desk.names.map((u) => [u.id, u.display_name])),
    holidays: new Set(desk.holidays),
    villages: desk.villages,
    events: [],
    files: groupBy(desk.files),
    key,
  });
  const edges = views.map((node, i) => ({ node, cursor: encodeKeyCursor([shown[i].submitted_at!.toISOString(), shown[i].id]) }));
  return { edges, totalCount: desk.n, pageInfo: keysetPageInfo(edges, rows.length > first, after) };
}
