import type { EntityManager } from "typeorm";
import type { Context } from "../../../common/context.js";
import { AppError, ErrorCode, forbidden, notFound, unauthenticated } from "../../../common/errors.js";
import { fromGlobalId, isUuid, toGlobalId } from "../../../common/global-id.js";
import { DEFAULT_PAGE_SIZE, keysetPageInfo } from "../../../common/pagination.js";
import { insertRow, keyset } from "../../../common/sql.js";
import { newId } from "../../../common/uuid.js";
import { audit } from "../../audit/index.js";
import { hasArabic, nameKeys } from "../names/normalize.js";
import type { PrivacySettings } from "../people/person.entity.js";
import { accessTo, hiddenParts, POLICY_COLUMNS, type Access, type Hidden, type PolicyRow } from "../people/person.policy.js";
import { auditColumnHidden } from "../people/person.policy-table.js";
import { withRelatives } from "../people/person.relatives.js";
import { rawIdOf } from "../people/person.service.js";
import { mayReview } from "./curation.policy.js";
import { AuditTable, type AuditChange, type AuditEntryConnection } from "./history.types.js";

const TYPE_OF: Record<AuditTable, string> = {
  [AuditTable.PEOPLE]: "Person",
  [AuditTable.FAMILIES]: "Family",
  [AuditTable.VILLAGES]: "Village",
};
/** Actions a revert can undo; merges and reverts themselves are not undone here. */
const REVERTIBLE = new Set(["create", "update", "verify", "delete"]);
/** Bookkeeping columns never shown as changes. */
const NOISE = new Set([
  "id",
  "key_latin",
  "key_arabic",
  "key_skeleton",
  "living",
  "living_until",
  "kin_until",
  "updated_at",
  "created_at",
  "rootspace_id",
  "links",
]);

interface AuditRow {
  id: string;
  table_name: AuditTable;
  record_id: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: Date;
  user_name: string | null;
  latest: boolean;
}

interface Scope {
  villageId: string | null;
  /** The record's rootspace (null when nothing says): outside the request's, the record is absent. */
  rootspaceId: string | null;
  /** For a person: what the viewer may see of them (the same rule as person()). */
  access: Access;
  hidden: Hidden;
}

const SEE_ALL: Hidden = { all: false, dates: false, places: false, life: false };

/**
 * The record's village and, for a person, what the viewer may see of them: from the row, or
 * from its last audit entry once deleted (a deleted person counts as living: nothing proves
 * otherwise any more).
 */
async function scopeOf(ctx: Context, db: Context["ds"] | EntityManager, table: AuditTable, id: string): Promise<Scope> {
  // A deleted record's rootspace is the one its audit entries recorded (a deletion keeps the whole row).
  const auditedRootspace = async (): Promise<string | null> => {
    const [last]: { rootspace_id: string }[] = await db.query(
      `SELECT coalesce(before->>'rootspace_id', after->>'rootspace_id') AS rootspace_id FROM audit_logs
        WHERE table_name = $1 AND record_id = $2 AND coalesce(before->>'rootspace_id', after->>'rootspace_id') IS NOT NULL ORDER BY id DESC LIMIT 1`,
      [table, id],
    );
    return last?.rootspace_id ?? null;
  };
  // A village's history (even once deleted) is its curators'.
  if (table === AuditTable.VILLAGES) {
    const [row]: { rootspace_id: string }[] = await db.query(`SELECT rootspace_id FROM villages WHERE id = $1`, [id]);
    return { villageId: id, rootspaceId: row ? row.rootspace_id : await auditedRootspace(), access: "full", hidden: SEE_ALL };
  }
  if (table === AuditTable.FAMILIES) {
    const [row]: { village_id: string | null; rootspace_id: string }[] = await db.query(
      `SELECT village_id, rootspace_id FROM families WHERE id = $1`,
      [id],
    );
    if (row) return { villageId: row.village_id, rootspaceId: row.rootspace_id, access: "full", hidden: SEE_ALL };
    const [last]: { village_id: string | null }[] = await db.query(
      `SELECT coalesce(before->>'village_id', after->>'village_id') AS village_id FROM audit_logs WHERE table_name = $1 AND record_id = $2 ORDER BY id DESC LIMIT 1`,
      [table, id],
    );
    return { villageId: last?.village_id ?? null, rootspaceId: await auditedRootspace(), access: "full", hidden: SEE_ALL };
  }
  await withRelatives(ctx);
  const [row]: (PolicyRow & { rootspace_id: string })[] = await db.query(
    `SELECT ${POLICY_COLUMNS}, p.rootspace_id FROM people p WHERE p.id = $1`,
    [id],
  );
  let person: PolicyRow | null = row ?? null;
  const rootspaceId = row ? row.rootspace_id : await auditedRootspace();
  if (!person) {
    const [last]: { row: Record<string, unknown> | null }[] = await db.query(
      `SELECT coalesce(before, after) AS row FROM audit_logs WHERE table_name = $1 AND record_id = $2 ORDER BY id DESC LIMIT 1`,
      [table, id],
    );
    const r = last?.row ?? {};
    person = {
      id,
      living: true,
      village_id: (r.village_id as string | null) ?? null,
      created_by: (r.created_by as string | null) ?? null,
      user_id: (r.user_id as string | null) ?? null,
      is_public: r.is_public !== false,
      privacy_settings: (r.privacy_settings as PrivacySettings | undefined) ?? { showBirthDate: false, showLocation: false },
    } as PolicyRow;
  }
  const access = accessTo(ctx.principal, person);
  return { villageId: person.village_id, rootspaceId, access, hidden: hiddenParts(access, person.privacy_settings) };
}

/**
 * A record of another rootspace, or a person the viewer may not see (person() answers
 * NOT_FOUND), has no history for them either, and no revert.
 */
function assertSeen(ctx: Context, scope: Scope): void {
  if (scope.rootspaceId !== ctx.rootspace.id || scope.hidden.all) throw notFound();
}

function rawRecordId(table: AuditTable, globalId: string): string {
  const id = rawIdOf(globalId, TYPE_OF[table]);
  if (!id) throw notFound();
  return id;
}

function changesOf(row: AuditRow, hidden: Hidden): AuditChange[] {
  if (hidden.all) return [];
  const before = row.before ?? {};
  const after = row.after ?? {};
  const keys = row.action === "delete" ? Object.keys(before).filter((k) => before[k] !== null) : Object.keys(after);
  const show = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
  return (
    keys
      // A person's columns as the policy table says (POLICY_AUDIT_COLUMNS); families and villages are seen whole (SEE_ALL).
      .filter((k) => !NOISE.has(k) && !auditColumnHidden(k, hidden))
      .map((field) => ({ field, before: show(before[field]), after: row.action === "delete" ? null : show(after[field]) }))
  );
}

/**
 * A record's history, newest first, with the entries of people merged into it. For
 * editors, admins and curators of the record's village; a curator does not see the
 * private details of a living person in it.
 */
export async function auditLog(
  ctx: Context,
  table: AuditTable,
  globalId: string,
  firstArg?: number,
  after?: string,
): Promise<AuditEntryConnection> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const id = rawRecordId(table, globalId);
  const scope = await scopeOf(ctx, ctx.ds, table, id);
  if (scope.rootspaceId !== ctx.rootspace.id) throw notFound();
  if (!mayReview(ctx.principal, [scope.villageId])) throw forbidden();
  assertSeen(ctx, scope);
  const first = firstArg ?? DEFAULT_PAGE_SIZE;
  // Newest first (ids are time-ordered), paged by keyset.
  const pageParams: unknown[] = [table, id];
  const seek = keyset(pageParams, [{ expr: "a.id", type: "uuid", desc: true }], after);
  const ids = `WITH RECURSIVE ids(id) AS (SELECT $2::text UNION
    SELECT a.record_id FROM audit_logs a JOIN ids ON a.after->>'mergedInto' = ids.id WHERE a.table_name = $1 AND a.action = 'merge')`;
  const [[{ n }], rows]: [{ n: number }[], AuditRow[]] = await Promise.all([
    ctx.ds.query(`${ids} SELECT count(*)::int AS n FROM audit_logs a WHERE a.table_name = $1 AND a.record_id IN (SELECT id FROM ids)`, [
      table,
      id,
    ]),
    ctx.ds.query(
      `${ids} SELECT a.id, ${seek.select}, a.table_name, a.record_id, a.action, a.before, a.after, a.created_at, u.display_name AS user_name,
          NOT EXISTS (SELECT 1 FROM audit_logs l WHERE l.table_name = a.table_name AND l.record_id = a.record_id AND l.id > a.id) AS latest
         FROM audit_logs a LEFT JOIN users u ON u.id = a.user_id
        WHERE a.table_name = $1 AND a.record_id IN (SELECT id FROM ids) AND ${seek.after} ORDER BY ${seek.orderBy} LIMIT ${first + 1}`,
      pageParams,
    ),
  ]);
  // Entries of people merged into this one follow what the viewer may see of each of them.
  const merged = new Map<string, Hidden>([[id, scope.hidden]]);
  const hiddenOf = async (recordId: string) => {
    if (!merged.has(recordId)) merged.set(recordId, (await scopeOf(ctx, ctx.ds, table, recordId)).hidden);
    return merged.get(recordId)!;
  };
  for (const r of rows) await hiddenOf(r.record_id);
  // A merge into this record carries the merged person's names, dates and sources: it follows both people.
  const from = (r: AuditRow) =>
    r.action === "merge" && typeof r.after?.mergedFrom === "string" && isUuid(r.after.mergedFrom) ? r.after.mergedFrom : null;
  for (const r of rows) if (from(r)) await hiddenOf(from(r)!);
  const hiddenFor = (r: AuditRow): Hidden => {
    const own = merged.get(r.record_id)!;
    const other = from(r) ? merged.get(from(r)!)! : own;
    return { all: own.all || other.all, dates: own.dates || other.dates, places: own.places || other.places, life: own.life || other.life };
  };
  const edges = rows.slice(0, first).map((r) => ({
    cursor: seek.cursor(r),
    node: {
      id: toGlobalId("AuditEntry", r.id),
      action: r.action,
      recordId: toGlobalId(TYPE_OF[table], r.record_id),
      userName: r.user_name,
      createdAt: r.created_at,
      changes: changesOf(r, hiddenFor(r)),
      canRevert: r.latest && r.record_id === id && REVERTIBLE.has(r.action),
    },
  }));
  return { edges, totalCount: n, pageInfo: keysetPageInfo(edges, rows.length > first, after) };
}

const conflict = () => new AppError(ErrorCode.CONFLICT, "errors.revert_conflict");

/** Keeps only real, writable columns of `table` (audit rows may carry extra, computed keys). */
function columnsOf(ctx: Context, table: AuditTable, row: Record<string, unknown>): Record<string, unknown> {
  const cols = new Set(
    ctx.ds
      .getMetadata(table)
      .columns.filter((c) => c.isInsert && c.isUpdate)
      .map((c) => c.databaseName),
  );
  return Object.fromEntries(Object.entries(row).filter(([k]) => cols.has(k) && k !== "id"));
}

/** People's search keys follow their names (the audit's `before` does not carry them). */
async function refreshNameKeys(tx: EntityManager, id: string): Promise<void> {
  const [p]: { full_name: string; full_name_ar: string | null; name_variants: string[] }[] = await tx.query(
    `SELECT full_name, full_name_ar, name_variants FROM people WHERE id = $1`,
    [id],
  );
  if (!p) return;
  const keys = nameKeys(
    [p.full_name, ...p.name_variants.filter((v) => !hasArabic(v))],
    [p.full_name_ar, ...p.name_variants.filter(hasArabic)],
  );
  await tx.query(`UPDATE people SET key_latin = $2, key_arabic = $3, key_skeleton = $4 WHERE id = $1`, [
    id,
    keys.latin,
    keys.arabic,
    keys.skeleton,
  ]);
}

/**
 * Undoes one audited change of a person, family or village: an update (or verification)
 * gets its before values back, a creation is deleted, a deletion re-inserted (with its
 * parent links). Refused with CONFLICT when the record changed since. Editors, admins and
 * curators of the record's village. The revert is audited too.
 */
export async function revertChange(ctx: Context, auditGlobalId: string): Promise<boolean> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const ref = fromGlobalId(auditGlobalId);
  if (!ref || ref.type !== "AuditEntry" || !isUuid(ref.id)) throw notFound();
  await ctx.ds.transaction(async (tx) => {
    const [entry]: AuditRow[] = await tx.query(`SELECT id, table_name, record_id, action, before, after FROM audit_logs WHERE id = $1`, [
      ref.id,
    ]);
    if (!entry || !Object.values(AuditTable).includes(entry.table_name) || !isUuid(entry.record_id)) throw notFound();
    const table = entry.table_name;
    const id = entry.record_id;
    // One revert of a record at a time, and nothing else may have changed it since.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('revert:' || $1))`, [id]);
    const scope = await scopeOf(ctx, tx, table, id);
    if (scope.rootspaceId !== ctx.rootspace.id) throw notFound();
    if (!mayReview(ctx.principal, [scope.villageId])) throw forbidden();
    assertSeen(ctx, scope);
    if (!REVERTIBLE.has(entry.action)) throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.revert_unsupported");
    const [{ later }]: { later: boolean }[] = await tx.query(
      `SELECT EXISTS (SELECT 1 FROM audit_logs WHERE table_name = $1 AND record_id = $2 AND id > $3) AS later`,
      [table, id, entry.id],
    );
    if (later) throw conflict();
    const [current]: Record<string, unknown>[] = await tx.query(`SELECT * FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
    let restored: Record<string, unknown> | null = null;
    if (entry.action === "create") {
      if (!current) throw conflict();
      if (table === AuditTable.PEOPLE) {
        const [{ linked }]: { linked: boolean }[] = await tx.query(
          `SELECT EXISTS (SELECT 1 FROM parent_links WHERE parent_id = $1 OR child_id = $1) OR EXISTS (SELECT 1 FROM unions WHERE partner1_id = $1 OR partner2_id = $1) AS linked`,
          [id],
        );
        if (linked) throw conflict();
      }
      // writes: people, families, villages (AuditTable)
      await tx.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
    } else if (entry.action === "delete") {
      if (current || !entry.before) throw conflict();
      restored = columnsOf(ctx, table, entry.before);
      if (table === AuditTable.PEOPLE) {
        restored = {
          ...restored,
          rootspace_id: ctx.rootspace.id,
          privacy_settings: JSON.stringify(
            entry.before.privacy_settings ?? { showBirthDate: false, showLocation: false, showContact: false },
          ),
        };
      }
      // writes: people, families, villages (AuditTable)
      await insertRow(tx, table, { id, ...restored });
      if (table === AuditTable.PEOPLE) {
        await refreshNameKeys(tx, id);
        const links = (entry.before.links ?? []) as { parent_id: string; child_id: string; kind: string }[];
        if (links.length) {
          await tx.query(
            `INSERT INTO parent_links (id, parent_id, child_id, kind, created_by)
             SELECT l.id, l.parent_id, l.child_id, l.kind, $2 FROM jsonb_to_recordset($1::jsonb) AS l(id uuid, parent_id uuid, child_id uuid, kind text)
              WHERE EXISTS (SELECT 1 FROM people WHERE id = l.parent_id) AND EXISTS (SELECT 1 FROM people WHERE id = l.child_id)
             ON CONFLICT DO NOTHING`,
            [JSON.stringify(links.map((l) => ({ ...l, id: newId() }))), ctx.viewer.userId],
          );
        }
      }
    } else {
      if (!current || !entry.before || !entry.after) throw conflict();
      const back = columnsOf(
        ctx,
        table,
        Object.fromEntries(
          Object.keys(entry.after)
            .filter((k) => k in entry.before!)
            .map((k) => [k, entry.before![k]]),
        ),
      );
      const cols = Object.keys(back);
      if (cols.length) {
        // writes: people, families, villages (AuditTable)
        await tx.query(`UPDATE ${table} SET ${cols.map((c, i) => `"${c}" = $${i + 2}`).join(", ")} WHERE id = $1`, [
          id,
          ...Object.values(back),
        ]);
      }
      if (table === AuditTable.PEOPLE) await refreshNameKeys(tx, id);
      restored = back;
    }
    await audit(tx, {
      tableName: table,
      recordId: id,
      userId: ctx.viewer.userId,
      action: "revert",
      before: current ?? null,
      after: { ...(restored ?? {}), revertOf: entry.id },
    });
  });
  return true;
}
