import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * `import_jobs.file_path` held the uploaded file's path on the disk of the server that took it;
 * it now holds its key in the file storage (`imports/<jobId>`, common/storage). On the disk
 * backend that key is the same file under STORAGE_DIR (`.data/imports/<id>` by default, where
 * IMPORT_DIR kept it), so a waiting file is found again. Staged GEDZIP media keep their old
 * path: the commit takes only its last part (ingestion/job-file.ts, importMediaKey).
 */
export class ImportFileKeys1796412000000 implements MigrationInterface {
  name = "ImportFileKeys1796412000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE import_jobs SET file_path = 'imports/' || id WHERE file_path IS NOT NULL AND file_path <> 'imports/' || id`);
  }

  async down(): Promise<void> {
    // The folder a path would name is configuration, not data: an older server reading a key
    // finds no file, and the job fails as "file gone" (it can be uploaded again).
  }
}
