import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A member's own record (people.user_id): at most one per member, and found by index —
 * every signed-in request that shows people looks it up to find the viewer's relatives.
 */
export class SelfRecord1795400000000 implements MigrationInterface {
  name = "SelfRecord1795400000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Keep the earliest record per member should older data hold several.
    await queryRunner.query(`UPDATE people p SET user_id = NULL WHERE user_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM people q WHERE q.user_id = p.user_id AND (q.created_at, q.id) < (p.created_at, p.id))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_people_user_id" ON "people" ("user_id") WHERE "user_id" IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_people_user_id"`);
  }
}
