import DataLoader from "dataloader";
import type { DataSource, EntityManager } from "typeorm";
import type { Context } from "../../../common/context.js";
import { AppError, ErrorCode, notFound, unauthenticated, type FieldError } from "../../../common/errors.js";
import { toGlobalId } from "../../../common/global-id.js";
import { insertRow } from "../../../common/sql.js";
import { newId } from "../../../common/uuid.js";
import { audit } from "../../audit/index.js";
import { parseGenealogicalDate, type GenealogicalDate } from "../dates/genealogical-date.js";
import { accessTo, canEdit, hiddenParts, POLICY_COLUMNS } from "./person.policy.js";
import { maskFields } from "./person.policy-table.js";
import { PERSON_COLUMNS, presentPerson, type PersonRow } from "./person.present.js";
import { withRelatives } from "./person.relatives.js";
import { createPersonRowLoaders } from "./person.visibility.js";
import { MIN_PARENT_GAP_YEARS, rawIdOf } from "./person.service.js";
import type { UnionView } from "./union.types.js";
import { updateAudited, deleteAudited } from "../records/audited-edit.js";

export const UNION_KINDS = ["marriage", "engagement", "partnership", "unknown"];

type UnionRow = PersonRow & {
  union_id: string;
  kind: string;
  start_date_text: string | null;
  start_date_qualifier: string | null;
  start_date_from: string | null;
  start_date_to: string | null;
  place: string | null;
  of_person: string;
};

/** Per-request loader: every union of every person on the page, with the partner, in one query. */
export function createUnionLoaders({ ds }: { ds: DataSource }) {
  return {
    rowsByPerson: new DataLoader<string, UnionRow[]>(async (ids) => {
      const rows: UnionRow[] = await ds.query(
        `SELECT u.id AS union_id, u.kind, u.start_date_text, u.start_date_qualifier, u.start_date_from::text, u.start_date_to::text, u.place,
                x.of_person, ${POLICY_COLUMNS}, ${PERSON_COLUMNS}
           FROM unions u
           CROSS JOIN LATERAL (VALUES (u.partner1_id, u.partner2_id), (u.partner2_id, u.partner1_id)) AS x(of_person, partner)
           JOIN people p ON p.id = x.partner
          WHERE x.of_person = ANY($1)
          ORDER BY u.start_date_from NULLS LAST, u.created_at`,
        [[...ids]],
      );
      return ids.map((id) => rows.filter((r) => r.of_person === id));
    }),
  };
}

/**
 * The unions of a person as this viewer may see them: a hidden partner hides the union; its
 * date and place follow the privacy of both partners (hiddenParts), as an event's do.
 */
export async function unionsOf(ctx: Context, personRawId: string, personIsPrivate: boolean): Promise<UnionView[]> {
  if (personIsPrivate) return [];
  const [rows, self] = await Promise.all([
    ctx.use(createUnionLoaders).rowsByPerson.load(personRawId),
    ctx.use(createPersonRowLoaders).personRow.load(personRawId),
    withRelatives(ctx),
  ]);
  const own = self ? hiddenParts(accessTo(ctx.principal, self), self.privacy_settings) : null;
  return rows
    .filter((r) => accessTo(ctx.principal, r) !== "none")
    .map((r) => {
      const access = accessTo(ctx.principal, r);
      const partner = presentPerson(r, ctx.principal, ctx.language, access);
      const theirs = hiddenParts(access, r.privacy_settings);
      const hidden = {
        all: !own || own.all || theirs.all,
        dates: !own || own.dates || theirs.dates,
        places: !own || own.places || theirs.places,
        life: !own || own.life || theirs.life,
      };
      return maskFields(
        "Union",
        {
          id: toGlobalId("Union", r.union_id),
          kind: r.kind,
          start: r.start_date_text
            ? {
                text: r.start_date_text,
                qualifier: r.start_date_qualifier ?? "exact",
                from: r.start_date_from,
                to: r.start_date_to,
                year: r.start_date_from ? Number(r.start_date_from.slice(0, 4)) : null,
              }
            : null,
          place: r.place,
          partner,
        },
        hidden,
      );
    });
}

type UnionFields = { kind: string; startDate?: string | null; place?: string | null };
type UnionDbRow = {
  id: string;
  partner1_id: string;
  partner2_id: string;
  kind: string;
  start_date_text: string | null;
  place: string | null;
};

/** Checks kind and date format; returns the parsed date (null when none). */
function validate(input: UnionFields, errors: FieldError[]) {
  if (!UNION_KINDS.includes(input.kind)) errors.push({ field: "kind", key: "errors.validation.isIn" });
  const start = input.startDate?.trim() ? parseGenealogicalDate(input.startDate) : null;
  if (input.startDate?.trim() && !start) errors.push({ field: "startDate", key: "errors.date_invalid" });
  if (errors.length) throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, errors);
  return start;
}

/** Both partners, locked; NOT_FOUND unless both are in the request's rootspace and the viewer sees both, FORBIDDEN unless they may edit both. */
async function lockEditablePartners(ctx: Context, tx: EntityManager, p1: string, p2: string): Promise<PersonRow[]> {
  const rows: PersonRow[] = await tx.query(
    `SELECT ${POLICY_COLUMNS}, ${PERSON_COLUMNS} FROM people p WHERE p.id = ANY($1) AND p.rootspace_id = $2 ORDER BY p.id FOR UPDATE`,
    [[p1, p2], ctx.rootspace.id],
  );
  if (rows.length !== 2 || rows.some((r) => accessTo(ctx.principal, r) === "none")) throw notFound();
  if (rows.some((r) => !canEdit(ctx.principal, r))) throw new AppError(ErrorCode.FORBIDDEN, "errors.forbidden");
  return rows;
}

/**
 * Locks both partners and checks the viewer may edit both, that the date fits their lives
 * (both at least 12, neither dead) and that no other union of this kind joins them.
 */
async function checkPartners(
  ctx: Context,
  tx: EntityManager,
  p1: string,
  p2: string,
  kind: string,
  start: GenealogicalDate | null,
  exceptId: string | null,
): Promise<void> {
  const rows = await lockEditablePartners(ctx, tx, p1, p2);
  const errors: FieldError[] = [];
  if (start) {
    for (const r of rows) {
      if (r.birth_date_from && Number(start.to.slice(0, 4)) - Number(r.birth_date_from.slice(0, 4)) < MIN_PARENT_GAP_YEARS) {
        errors.push({ field: "startDate", key: "errors.union_too_young", params: { years: MIN_PARENT_GAP_YEARS } });
      }
      if (r.death_date_to && start.from > r.death_date_to) errors.push({ field: "startDate", key: "errors.union_after_death" });
    }
  }
  const dup: unknown[] = await tx.query(
    `SELECT 1 FROM unions WHERE partner1_id = $1 AND partner2_id = $2 AND kind = $3 AND id IS DISTINCT FROM $4`,
    [p1, p2, kind, exceptId],
  );
  if (dup.length) errors.push({ field: "partnerId", key: "errors.union_duplicate" });
  if (errors.length) throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, errors);
}

const dateColumns = (start: GenealogicalDate | null) => ({
  start_date_text: start?.text ?? null,
  start_date_qualifier: start?.qualifier ?? null,
  start_date_from: start?.from ?? null,
  start_date_to: start?.to ?? null,
});

/**
 * Records a union between two people the viewer may edit. Refuses a person with
 * themself, an unknown kind, an unreadable date, a date before either partner was 12,
 * after a partner's death, or a union already recorded.
 */
export async function addUnion(ctx: Context, input: { personId: string; partnerId: string } & UnionFields): Promise<void> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const a = rawIdOf(input.personId, "Person");
  const b = rawIdOf(input.partnerId, "Person");
  if (!a || !b) throw notFound();
  const errors: FieldError[] = [];
  if (a === b) errors.push({ field: "partnerId", key: "errors.union_self" });
  const start = validate(input, errors);
  const [p1, p2] = a < b ? [a, b] : [b, a];
  await ctx.ds.transaction(async (tx) => {
    await checkPartners(ctx, tx, p1, p2, input.kind, start, null);
    const id = newId();
    const row = {
      id,
      partner1_id: p1,
      partner2_id: p2,
      kind: input.kind,
      ...dateColumns(start),
      place: input.place?.trim() || null,
      created_by: ctx.viewer.userId,
    };
    await insertRow(tx, "unions", row);
    await audit(tx, { tableName: "unions", recordId: id, userId: ctx.viewer.userId, action: "create", after: row });
  });
}

async function lockUnion(tx: EntityManager, globalId: string): Promise<UnionDbRow> {
  const id = rawIdOf(globalId, "Union");
  const [row]: UnionDbRow[] = id ? await tx.query(`SELECT * FROM unions WHERE id = $1 FOR UPDATE`, [id]) : [];
  if (!row) throw notFound();
  return row;
}

/** Changes a union's kind, date or place; the same rules as adding it. Returns the union's partners. */
export async function updateUnion(ctx: Context, globalId: string, input: UnionFields): Promise<[string, string]> {
  if (!ctx.viewer.userId) throw unauthenticated();
  const start = validate(input, []);
  return ctx.ds.transaction(async (tx) => {
    const current = await lockUnion(tx, globalId);
    await checkPartners(ctx, tx, current.partner1_id, current.partner2_id, input.kind, start, current.id);
    const after = { kind: input.kind, ...dateColumns(start), place: input.place?.trim() || null };
    await updateAudited(tx, ctx, "unions", current, after);
    return [current.partner1_id, current.partner2_id];
  });
}

/** Removes a union (not the people); the viewer must be able to edit both partners. */
export async function deleteUnion(ctx: Context, globalId: string): Promise<boolean> {
  if (!ctx.viewer.userId) throw unauthenticated();
  await ctx.ds.transaction(async (tx) => {
    const current = await lockUnion(tx, globalId);
    await lockEditablePartners(ctx, tx, current.partner1_id, current.partner2_id);
    await deleteAudited(tx, ctx, "unions", current);
  });
  return true;
}
