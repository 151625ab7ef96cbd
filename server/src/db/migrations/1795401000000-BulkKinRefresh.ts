import type { MigrationInterface, QueryRunner } from "typeorm";
import { quote, refreshKin, TRIGGERS } from "./1795329191122-LivingUntil.js";

/**
 * Bulk writers (an import's commit) may defer the living-cache triggers of LivingUntil for
 * their transaction (`SELECT set_config('roots.defer_kin', 'on', true)`) and recompute once,
 * at the end, with `roots_refresh_kin(ids)` over every person they touched and those
 * people's parents, grandparents, children and partners — instead of once after the links
 * and again after the unions. The setting is transaction-local: nothing outside the
 * transaction is ever left deferred.
 */
const DEFERRED = `current_setting('roots.defer_kin', true) = 'on'`;
export const deferrableTrigger = (name: string, body: string, deferrable: boolean) =>
  `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$ BEGIN ${deferrable ? `IF ${DEFERRED} THEN RETURN NULL; END IF; ` : ""}${body} RETURN NULL; END $fn$`;

export class BulkKinRefresh1795401000000 implements MigrationInterface {
  name = "BulkKinRefresh1795401000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const t of TRIGGERS) await queryRunner.query(deferrableTrigger(t.fn, t.body, true));
    await queryRunner.query(
      `CREATE FUNCTION roots_refresh_kin(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $fn$ BEGIN EXECUTE ${quote(refreshKin("SELECT unnest($1::uuid[])"))} USING ids; END $fn$`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION roots_refresh_kin(uuid[])`);
    for (const t of TRIGGERS) await queryRunner.query(deferrableTrigger(t.fn, t.body, false));
  }
}
