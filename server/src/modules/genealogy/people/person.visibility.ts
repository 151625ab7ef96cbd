import DataLoader from "dataloader";
import type { DataSource } from "typeorm";
import { hasAnyRole, Role } from "../../../common/auth/roles.js";
import type { Viewer } from "../../../common/auth/viewer.js";
import { livingSql, POLICY_COLUMNS } from "./person.policy.js";
import { PERSON_COLUMNS, type PersonRow } from "./person.present.js";

/**
 * SQL twin of `accessTo(...) ∉ {none, private}` for the person aliased `alias`: true when the
 * viewer may see more than "Private". `$uid`, `$staff`, `$curator` are placeholders of
 * `viewerParams(viewer)`. Lists that hold people (events, registers) filter with it so
 * their counts never reveal a hidden person either.
 */
export const seesPersonSql = (alias: string, uid: string, staff: string, curator: string): string =>
  // coalesce: for a visitor (uid NULL) the comparisons are NULL, and NOT NULL would not be true.
  `coalesce(${staff} OR ${alias}.created_by = ${uid} OR ${alias}.user_id = ${uid} OR (${alias}.is_public AND (${curator} OR NOT ${livingSql(alias)})), false)`;

/** The values behind seesPersonSql's placeholders: user id, staff (editor/admin), curator. */
export function viewerParams(viewer: Viewer): [string | null, boolean, boolean] {
  return [viewer.userId, hasAnyRole(viewer.roles, [Role.ADMIN, Role.EDITOR]), viewer.roles.includes(Role.LOCAL_ROOT_CURATOR)];
}

/** Per-request loader of people rows (with the policy columns) by raw id, one query per batch. */
export function createPersonRowLoaders(ds: DataSource) {
  return {
    personRow: new DataLoader<string, PersonRow | null>(async (ids) => {
      const rows: PersonRow[] = await ds.query(`SELECT ${POLICY_COLUMNS}, ${PERSON_COLUMNS} FROM people p WHERE p.id = ANY($1)`, [[...ids]]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
  };
}

/** Memo of loaders that depend on the viewer (ctx.use factories only see the DataSource). */
export function perViewer<T>(memo: WeakMap<object, T>, ctx: object, build: () => T): T {
  let value = memo.get(ctx);
  if (!value) {
    value = build();
    memo.set(ctx, value);
  }
  return value;
}
