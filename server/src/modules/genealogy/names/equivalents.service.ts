/**
 * Curators' work on the list of equivalent names: confirm a group with its source, add or
 * remove a spelling. Editors and admins only (the resolver says so); every change audited
 * and applied to the next search.
 */
import { audit } from "../../audit/index.js";
import type { Context } from "../../../common/context.js";
import { AppError, ErrorCode, notFound } from "../../../common/errors.js";
import { forgetNameEquivalents, nameEquivalents } from "./equivalents.js";
import type { NameEquivalentsFilter, NameEquivalentView } from "./equivalents.types.js";
import { hasArabic } from "./normalize.js";

interface Row {
  id: string;
  key: string;
  names: string[];
  source: string | null;
  reviewed_at: Date | null;
}

const COLUMNS = `id, key, names, source, reviewed_at`;
const arabicFirst = (names: string[]) => [...names.filter(hasArabic), ...names.filter((n) => !hasArabic(n))];
const present = (r: Row): NameEquivalentView => ({
  id: r.id,
  key: r.key,
  names: arabicFirst(r.names),
  source: r.source,
  reviewed: r.reviewed_at !== null,
  reviewedAt: r.reviewed_at,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listEquivalents(ctx: Context, filter: NameEquivalentsFilter | null | undefined): Promise<NameEquivalentView[]> {
  const search = filter?.search?.trim().toLowerCase() ?? "";
  await nameEquivalents(ctx.ds); // the data file's rows are in the table
  const rows: Row[] = await ctx.ds.query(
    `SELECT ${COLUMNS} FROM name_equivalents
      WHERE (NOT $1 OR reviewed_at IS NULL)
        AND ($2 = '' OR key LIKE '%' || $2 || '%' OR EXISTS (SELECT 1 FROM unnest(names) n WHERE lower(n) LIKE '%' || $2 || '%'))
      ORDER BY reviewed_at IS NOT NULL, key`,
    [Boolean(filter?.unreviewedOnly), search],
  );
  return rows.map(present);
}

const invalid = (
  field: string,
  key: "errors.names.spelling" | "errors.names.source" | "errors.names.last_name" | "errors.names.duplicate",
) => new AppError(ErrorCode.BAD_USER_INPUT, key, {}, [{ field, key }]);

/** Changes one group in a transaction: `change` gets the row as stored and returns what to write. */
async function update(
  ctx: Context,
  id: string,
  action: string,
  change: (r: Row) => Partial<Pick<Row, "names" | "source">> & { review?: boolean },
): Promise<NameEquivalentView> {
  if (!UUID.test(id)) throw notFound();
  const out = await ctx.ds.transaction(async (tx) => {
    const [before]: Row[] = await tx.query(`SELECT ${COLUMNS} FROM name_equivalents WHERE id = $1 FOR UPDATE`, [id]);
    if (!before) throw notFound();
    const c = change(before);
    // An UPDATE … RETURNING answers [rows, count].
    const [[after]]: [Row[], number] = await tx.query(
      `UPDATE name_equivalents SET names = coalesce($2, names), source = coalesce($3, source),
              reviewed_by = CASE WHEN $4 THEN $5::uuid ELSE reviewed_by END,
              reviewed_at = CASE WHEN $4 THEN now() ELSE reviewed_at END, updated_at = now()
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, c.names ?? null, c.source ?? null, Boolean(c.review), ctx.viewer.userId],
    );
    const pick = (r: Row) => ({ names: r.names, source: r.source, reviewed: r.reviewed_at !== null });
    await audit(tx, {
      tableName: "name_equivalents",
      recordId: id,
      userId: ctx.viewer.userId,
      action,
      before: pick(before),
      after: pick(after),
    });
    return after;
  });
  forgetNameEquivalents();
  return present(out);
}

/** Confirms a group, with where it is documented. */
export function reviewEquivalent(ctx: Context, id: string, source: string): Promise<NameEquivalentView> {
  const s = source.trim();
  if (!s || s.length > 1000 || s.toLowerCase() === "unreviewed") throw invalid("source", "errors.names.source");
  return update(ctx, id, "review", () => ({ source: s, review: true }));
}

const SPELLING = /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u;

export function addEquivalentName(ctx: Context, id: string, name: string): Promise<NameEquivalentView> {
  const n = name.normalize("NFC").trim().replace(/\s+/g, " ");
  if (!n || n.length > 60 || !SPELLING.test(n)) throw invalid("name", "errors.names.spelling");
  return update(ctx, id, "add_name", (r) => {
    if (r.names.some((x) => x.toLowerCase() === n.toLowerCase())) throw invalid("name", "errors.names.duplicate");
    return { names: [...r.names, n] };
  });
}

export function removeEquivalentName(ctx: Context, id: string, name: string): Promise<NameEquivalentView> {
  return update(ctx, id, "remove_name", (r) => {
    const names = r.names.filter((x) => x !== name);
    if (names.length === r.names.length) throw notFound();
    if (names.length < 2) throw invalid("name", "errors.names.last_name");
    return { names };
  });
}
