import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A done import's refused records and likely duplicates lived only in `import_staged`, which is
 * UNLOGGED: a database crash took a done import's error report and its merge suggestions with
 * it. The commit now copies them into `import_outcomes`, a logged table; the done imports of
 * before get theirs here.
 */
export class ImportOutcomes1795900000000 implements MigrationInterface {
  name = "ImportOutcomes1795900000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "import_outcomes" ("job_id" uuid NOT NULL, "seq" integer NOT NULL, "kind" text NOT NULL, "local_key" text, "line" integer, "data" jsonb NOT NULL, "target_id" uuid, "error_keys" text array NOT NULL, "action" text NOT NULL, "duplicate_of" uuid, "from_key" text, "to_key" text, "full_name" text, "full_name_ar" text, "birth_date_text" text, "death_date_text" text, CONSTRAINT "PK_0561fb56b70ede350e00b86c342" PRIMARY KEY ("job_id", "seq"))`,
    );
    await queryRunner.query(
      `INSERT INTO import_outcomes (job_id, seq, kind, local_key, line, data, target_id, error_keys, action, duplicate_of, from_key, to_key, full_name, full_name_ar, birth_date_text, death_date_text)
       SELECT s.job_id, s.seq, s.kind, s.local_key, s.line, s.data, s.target_id, s.error_keys, s.action, s.duplicate_of, s.from_key, s.to_key, s.full_name, s.full_name_ar, s.birth_date_text, s.death_date_text
         FROM import_staged s JOIN import_jobs j ON j.id = s.job_id AND j.status = 'done'
        WHERE s.error_keys <> '{}' OR s.duplicate_of IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "import_outcomes"`);
  }
}
