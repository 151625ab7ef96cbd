import type { Context } from "../../../common/context.js";
import { AppError, ErrorCode, forbidden, notFound, unauthenticated } from "../../../common/errors.js";
import { toGlobalId } from "../../../common/global-id.js";
import { DEFAULT_PAGE_SIZE, keysetPageInfo } from "../../../common/pagination.js";
import { keyset } from "../../../common/sql.js";
import { audit } from "../../audit/index.js";
import { livingSql } from "../people/person.policy.js";
import { rawIdOf } from "../people/person.service.js";
import { Provenance } from "../provenance.js";
import { Village } from "../villages/village.entity.js";
import { curatedIds, isReviewStaff, mayReview } from "./curation.policy.js";
import { RecordKind, type ReviewQueueConnection, type VerifyResult } from "./curation.types.js";

/**
 * Per kind: its table, global id type, and SQL giving the record's villages, visibility and
 * rootspace (`$rs`: links and unions are in their people's, which writes keep the same).
 */
const KINDS: Record<RecordKind, { table: string; type: string; villages: string; visible: string; inRootspace: string }> = {
  [RecordKind.PERSON]: {
    table: "people",
    type: "Person",
    villages: "ARRAY[r.village_id]",
    visible: "r.is_public",
    inRootspace: "r.rootspace_id = $rs",
  },
  [RecordKind.FAMILY]: {
    table: "families",
    type: "Family",
    villages: "ARRAY[r.village_id]",
    visible: "r.is_public",
    inRootspace: "r.rootspace_id = $rs",
  },
  [RecordKind.PARENT_LINK]: {
    table: "parent_links",
    type: "ParentLink",
    villages: "(SELECT array_agg(q.village_id) FROM people q WHERE q.id IN (r.parent_id, r.child_id))",
    visible: "NOT EXISTS (SELECT 1 FROM people q WHERE q.id IN (r.parent_id, r.child_id) AND NOT q.is_public)",
    inRootspace: "EXISTS (SELECT 1 FROM people q WHERE q.id = r.child_id AND q.rootspace_id = $rs)",
  },
  [RecordKind.UNION]: {
    table: "unions",
    type: "Union",
    villages: "(SELECT array_agg(q.village_id) FROM people q WHERE q.id IN (r.partner1_id, r.partner2_id))",
    visible: "NOT EXISTS (SELECT 1 FROM people q WHERE q.id IN (r.partner1_id, r.partner2_id) AND NOT q.is_public)",
    inRootspace: "EXISTS (SELECT 1 FROM people q WHERE q.id = r.partner1_id AND q.rootspace_id = $rs)",
  },
};

/** Adds a source line unless it is already there. */
export function appendSource(existing: string | null, source: string): string {
  const lines = (existing ?? "")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.includes(source) ? lines.join("\n") : [...lines, source].join("\n");
}

/**
 * Marks a record VERIFIED with the documenting source appended. Only curators of the
 * record's village (either person's village for links and unions), editors and admins;
 * never without a source. Audited with before and after.
 */
export async function verifyRecord(ctx: Context, kind: RecordKind, globalId: string, source: string): Promise<VerifyResult> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const text = source.trim();
  if (!text)
    throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.verify_source_required", {}, [
      { field: "source", key: "errors.verify_source_required" },
    ]);
  const k = KINDS[kind];
  const id = rawIdOf(globalId, k.type);
  if (!id) throw notFound();
  return ctx.ds.transaction(async (tx) => {
    // A living person's sources are theirs (hiddenParts' `life`): a curator adds one without reading the others.
    const lifeHidden =
      kind === RecordKind.PERSON ? `(${livingSql("r")} AND r.created_by IS DISTINCT FROM $3 AND r.user_id IS DISTINCT FROM $3)` : "false";
    const [row]: {
      provenance: Provenance;
      sources: string | null;
      villages: (string | null)[] | null;
      visible: boolean;
      life_hidden: boolean;
    }[] = await tx.query(
      `SELECT r.provenance, r.sources, ${k.villages} AS villages, ${k.visible} AS visible, ${lifeHidden} AS life_hidden FROM ${k.table} r WHERE r.id = $1 AND ${k.inRootspace.replaceAll("$rs", "$2")} FOR UPDATE OF r`,
      kind === RecordKind.PERSON ? [id, ctx.rootspace.id, ctx.viewer.userId] : [id, ctx.rootspace.id],
    );
    if (!row || (!row.visible && !isReviewStaff(ctx.principal))) throw notFound();
    if (!mayReview(ctx.principal, row.villages ?? [])) throw forbidden();
    const sources = appendSource(row.sources, text);
    // writes: people, families, parent_links, unions (KINDS)
    await tx.query(`UPDATE ${k.table} SET provenance = $2, sources = $3 WHERE id = $1`, [id, Provenance.VERIFIED, sources]);
    await audit(tx, {
      tableName: k.table,
      recordId: id,
      userId: ctx.viewer.userId,
      action: "verify",
      before: { provenance: row.provenance, sources: row.sources },
      after: { provenance: Provenance.VERIFIED, sources },
    });
    return {
      kind,
      id: globalId,
      provenance: Provenance.VERIFIED,
      sources: row.life_hidden && !isReviewStaff(ctx.principal) ? text : sources,
    };
  });
}

interface QueueRow {
  kind: RecordKind;
  id: string;
  title: string;
  title_ar: string | null;
  village_id: string | null;
  village_name: string | null;
  village_name_ar: string | null;
  village_name_fr: string | null;
  sources: string | null;
  provenance: Provenance;
  created_at: Date;
}

/**
 * COMMUNITY people and families of the villages the viewer curates (editors and admins:
 * every village), oldest first. Only public records: a curator sees living people's names.
 */
export async function reviewQueue(
  ctx: Context,
  villageGlobalId: string | null | undefined,
  firstArg?: number,
  after?: string,
): Promise<ReviewQueueConnection> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const staff = isReviewStaff(ctx.principal);
  const villageId = villageGlobalId ? rawIdOf(villageGlobalId, Village.typeName) : null;
  if (villageGlobalId && !villageId) throw notFound();
  if (villageId && !mayReview(ctx.principal, [villageId])) throw forbidden();
  if (!staff && !villageId && !curatedIds(ctx.principal).length) throw forbidden();
  const first = firstArg ?? DEFAULT_PAGE_SIZE;
  // $1: one village or null; $2: staff (every village); $3: the curator's villages; $4: the viewer; $5: the rootspace.
  const scope = `r.provenance = 'COMMUNITY' AND r.is_public AND r.village_id IS NOT NULL AND r.rootspace_id = $5
    AND ($1::uuid IS NULL OR r.village_id = $1) AND ($2 OR r.village_id = ANY($3::uuid[]))`;
  // A living person's sources only with full access (hiddenParts' `life`), as on their page.
  const personSources = `CASE WHEN $2 OR NOT ${livingSql("r")} OR r.created_by = $4 OR r.user_id = $4 THEN r.sources END`;
  const union = `SELECT 'PERSON' AS kind, r.id, r.full_name AS title, r.full_name_ar AS title_ar, r.village_id, ${personSources} AS sources, r.provenance, r.created_at FROM people r WHERE ${scope}
    UNION ALL SELECT 'FAMILY', r.id, r.family_name, r.family_name_ar, r.village_id, r.sources, r.provenance, r.created_at FROM families r WHERE ${scope}`;
  const params: unknown[] = [villageId, staff, curatedIds(ctx.principal), ctx.viewer.userId, ctx.rootspace.id];
  // Oldest first, paged by keyset (the cursor holds the time and the id).
  const pageParams = [...params];
  const seek = keyset(
    pageParams,
    [
      { expr: "q.created_at", type: "timestamptz" },
      { expr: "q.id", type: "uuid" },
    ],
    after,
  );
  const [[{ n }], rows]: [{ n: number }[], QueueRow[]] = await Promise.all([
    ctx.ds.query(`SELECT count(*)::int AS n FROM (${union}) q`, params),
    ctx.ds.query(
      `SELECT q.*, ${seek.select}, v.name AS village_name, v.name_ar AS village_name_ar, v.name_fr AS village_name_fr FROM (${union}) q LEFT JOIN villages v ON v.id = q.village_id
      WHERE ${seek.after} ORDER BY ${seek.orderBy} LIMIT ${first + 1}`,
      pageParams,
    ),
  ]);
  const edges = rows.slice(0, first).map((r) => ({
    cursor: seek.cursor(r),
    node: {
      kind: r.kind,
      id: toGlobalId(r.kind === RecordKind.PERSON ? "Person" : "Family", r.id),
      title: r.title,
      titleAr: r.title_ar,
      villageId: r.village_id ? toGlobalId(Village.typeName, r.village_id) : null,
      villageName: r.village_name,
      villageNameAr: r.village_name_ar,
      villageNameFr: r.village_name_fr,
      sources: r.sources,
      provenance: r.provenance,
      createdAt: r.created_at,
    },
  }));
  return { edges, totalCount: n, pageInfo: keysetPageInfo(edges, rows.length > first, after) };
}
