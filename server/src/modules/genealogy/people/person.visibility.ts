import DataLoader from "dataloader";
import type { DataSource } from "typeorm";
import { memberOf } from "../../../common/auth/principal.js";
import type { Context } from "../../../common/context.js";
import { curatedIds } from "../curation/curation.policy.js";
import { livingSql, POLICY_COLUMNS, seesEveryone } from "./person.policy.js";
import { PERSON_COLUMNS, type PersonRow } from "./person.present.js";
import { withRelatives } from "./person.relatives.js";

/**
 * SQL twin of `accessTo(...) ∉ {none, private}` for the person aliased `alias`: true when the
 * viewer may see more than "Private". `$uid`, `$staff`, `$near` are placeholders of
 * `viewerParams(ctx)`: `near` holds the villages the viewer curates and their close relatives
 * (uuids of villages and of people, which never collide), so a curator sees the living of
 * *their* villages only, as accessTo says. Lists that hold people (events, registers) filter
 * with it so their counts never reveal a hidden person either.
 */
export const seesPersonSql = (alias: string, uid: string, staff: string, near: string): string =>
  // coalesce: for a visitor (uid NULL) the comparisons are NULL, and NOT NULL would not be true.
  `coalesce(${staff} OR ${alias}.created_by = ${uid} OR ${alias}.user_id = ${uid} OR (${alias}.is_public AND (NOT ${livingSql(alias)} OR ${alias}.village_id = ANY(${near}::uuid[]) OR ${alias}.id = ANY(${near}::uuid[]))), false)`;

/**
 * Whether the viewer may see the birth date of the person aliased `alias` (placeholders as in
 * seesPersonSql): filters and scores on birth years use it, so narrowing a range never reveals a
 * hidden year.
 */
export const seesBirthSql = (alias: string, uid: string, staff: string): string =>
  `coalesce(${staff} OR ${alias}.created_by = ${uid} OR ${alias}.user_id = ${uid} OR NOT ${livingSql(alias)} OR (${alias}.privacy_settings->>'showBirthDate')::boolean, false)`;

/** The values behind seesPersonSql's placeholders: user id, staff (editor/admin), curated villages and relatives. */
export async function viewerParams(ctx: Context): Promise<[string | null, boolean, string[]]> {
  const relatives = await withRelatives(ctx);
  return [memberOf(ctx.principal)?.userId ?? null, seesEveryone(ctx.principal), [...curatedIds(ctx.principal), ...relatives]];
}

/** Per-request loader of people rows (with the policy columns) by raw id, one query per batch. */
export function createPersonRowLoaders({ ds }: { ds: DataSource }) {
  return {
    personRow: new DataLoader<string, PersonRow | null>(async (ids) => {
      const rows: PersonRow[] = await ds.query(`SELECT ${POLICY_COLUMNS}, ${PERSON_COLUMNS} FROM people p WHERE p.id = ANY($1)`, [
        [...ids],
      ]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
  };
}
