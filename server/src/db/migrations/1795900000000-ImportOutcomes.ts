import type { MigrationInterface, QueryRunner } from "typeorm";

const COLUMNS = `job_id, seq, kind, local_key, line, data, target_id, error_keys, action, duplicate_of, from_key, to_key, full_name, full_name_ar, birth_date_text, death_date_text`;
/** The staged person named by `key` in the same job (the first, when a spreadsheet repeats an id). */
const person = (key: string) =>
  `SELECT jsonb_build_array(p.full_name, p.full_name_ar) AS names FROM import_staged p
    WHERE p.job_id = s.job_id AND p.kind = 'person' AND p.local_key = ${key} ORDER BY p.error_keys = '{}' DESC, p.seq LIMIT 1`;

/**
 * A done import's refused records and likely duplicates lived only in `import_staged`, which is
 * UNLOGGED: a database crash took a done import's error report and its merge suggestions with
 * it. The commit now copies them into `import_outcomes`, a logged table (with a refused link's
 * two people named as the file named them); the done imports of before get theirs here, and the
 * rows their pruning had left in `import_staged` for that purpose go. Down puts them back.
 */
export class ImportOutcomes1795900000000 implements MigrationInterface {
  name = "ImportOutcomes1795900000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "import_outcomes" ("job_id" uuid NOT NULL, "seq" integer NOT NULL, "kind" text NOT NULL, "local_key" text, "line" integer, "data" jsonb NOT NULL, "target_id" uuid, "error_keys" text array NOT NULL, "action" text NOT NULL, "duplicate_of" uuid, "from_key" text, "to_key" text, "full_name" text, "full_name_ar" text, "birth_date_text" text, "death_date_text" text, CONSTRAINT "PK_0561fb56b70ede350e00b86c342" PRIMARY KEY ("job_id", "seq"))`,
    );
    await queryRunner.query(
      `INSERT INTO import_outcomes (${COLUMNS})
       SELECT s.job_id, s.seq, s.kind, s.local_key, s.line,
              CASE WHEN s.error_keys = '{}' THEN '{}' WHEN s.kind IN ('link', 'union') THEN s.data || jsonb_build_object('ends', jsonb_build_array(a.names, b.names)) ELSE s.data END,
              s.target_id, s.error_keys, s.action, s.duplicate_of, s.from_key, s.to_key, s.full_name, s.full_name_ar, s.birth_date_text, s.death_date_text
         FROM import_staged s JOIN import_jobs j ON j.id = s.job_id AND j.status = 'done'
         LEFT JOIN LATERAL (${person("s.from_key")}) a ON s.kind IN ('link', 'union')
         LEFT JOIN LATERAL (${person("s.to_key")}) b ON s.kind IN ('link', 'union')
        WHERE s.error_keys <> '{}' OR s.duplicate_of IS NOT NULL`,
    );
    await queryRunner.query(`DELETE FROM import_staged s USING import_jobs j WHERE j.id = s.job_id AND j.status = 'done' AND j.staged_pruned_at IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // The code before kept these rows in import_staged once it had pruned the others.
    await queryRunner.query(
      `INSERT INTO import_staged (${COLUMNS})
       SELECT job_id, seq, kind, local_key, line, data - 'ends', target_id, error_keys, action, duplicate_of, from_key, to_key, full_name, full_name_ar, birth_date_text, death_date_text
         FROM import_outcomes ON CONFLICT (job_id, seq) DO NOTHING`,
    );
    await queryRunner.query(`DROP TABLE "import_outcomes"`);
  }
}
