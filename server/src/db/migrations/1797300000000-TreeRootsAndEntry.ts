import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Where a member's tree opens (the root they last chose, per rootspace), and how each person was
 * entered: by a member's hand, from an imported file, or from curated data.
 */
export class TreeRootsAndEntry1797300000000 implements MigrationInterface {
  name = "TreeRootsAndEntry1797300000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "member_tree_roots" ("user_id" uuid NOT NULL, "rootspace_id" text NOT NULL, "person_id" uuid NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5ceefdcfef8da3d6b6a44f69bb1" PRIMARY KEY ("user_id", "rootspace_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_900a44663055948ee7e4be1171" ON "member_tree_roots"  ("person_id") `);
    await queryRunner.query(`ALTER TABLE "people" ADD "entry" text NOT NULL DEFAULT 'MEMBER'`);
    // People an import wrote keep their file's record; verified people nobody created are curated data.
    await queryRunner.query(
      `UPDATE people p SET entry = 'IMPORT' WHERE EXISTS (SELECT 1 FROM kept_records k WHERE k.record_table = 'people' AND k.record_id = p.id)`,
    );
    await queryRunner.query(`UPDATE people SET entry = 'CURATED' WHERE entry = 'MEMBER' AND created_by IS NULL AND provenance = 'VERIFIED'`);
    // Places imported before files' empty jurisdictions were dropped: "Brookline, , Norfolk County" → "Brookline, Norfolk County".
    const clean = (c: string) =>
      `${c} = CASE WHEN ${c} ~ '(^|,)\\s*(,|$)' THEN nullif(array_to_string(array_remove(ARRAY(SELECT btrim(x) FROM unnest(string_to_array(${c}, ',')) x), ''), ', '), '') ELSE ${c} END`;
    for (const [table, columns] of [
      ["people", ["birth_place", "death_place", "current_location"]],
      ["unions", ["place"]],
      ["events", ["place"]],
    ] as const) {
      const where = columns.map((c) => `${c} ~ '(^|,)\\s*(,|$)'`).join(" OR ");
      await queryRunner.query(`UPDATE ${table} SET ${columns.map(clean).join(", ")} WHERE ${where}`);
    }
    await queryRunner.query(`ALTER TABLE "member_tree_roots" ADD CONSTRAINT "FK_7fcb9739f1178a1ecd7a89448d6" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "member_tree_roots" ADD CONSTRAINT "FK_900a44663055948ee7e4be11719" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "member_tree_roots" DROP CONSTRAINT "FK_900a44663055948ee7e4be11719"`);
    await queryRunner.query(`ALTER TABLE "member_tree_roots" DROP CONSTRAINT "FK_7fcb9739f1178a1ecd7a89448d6"`);
    await queryRunner.query(`ALTER TABLE "people" DROP COLUMN "entry"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_900a44663055948ee7e4be1171"`);
    await queryRunner.query(`DROP TABLE "member_tree_roots"`);
  }
}
