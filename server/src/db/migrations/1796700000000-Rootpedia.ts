import type { MigrationInterface, QueryRunner } from "typeorm";

export class Rootpedia1796700000000 implements MigrationInterface {
  name = "Rootpedia1796700000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "rootpedia_articles" ("id" uuid NOT NULL, "village_id" uuid NOT NULL, "language" text NOT NULL, "translation_group" uuid NOT NULL, "title" text NOT NULL, "slug" text NOT NULL, "kind" text NOT NULL DEFAULT 'article', "stable_revision_id" uuid, "latest_revision_id" uuid, "search_text" text NOT NULL DEFAULT '', "created_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ad5bd29e8751c1ee52c2edfb9bf" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_rootpedia_article_group_language" ON "rootpedia_articles"  ("translation_group", "language") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_rootpedia_article_slug" ON "rootpedia_articles"  ("village_id", "language", "slug") `);
    await queryRunner.query(`CREATE TABLE "rootpedia_revisions" ("id" uuid NOT NULL, "article_id" uuid NOT NULL, "parent_id" uuid, "author_id" uuid, "title" text NOT NULL, "content" text NOT NULL, "summary" text NOT NULL DEFAULT '', "content_hash" text NOT NULL, "status" text NOT NULL DEFAULT 'pending', "synced" jsonb NOT NULL DEFAULT '{}', "reviewed_by" uuid, "reviewed_at" TIMESTAMP WITH TIME ZONE, "hidden" boolean NOT NULL DEFAULT false, "hidden_reason" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_486a2f01272861c5291527d5b99" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_rootpedia_revisions_pending" ON "rootpedia_revisions"  ("status", "created_at") WHERE status = 'pending'`);
    await queryRunner.query(`CREATE INDEX "IDX_rootpedia_revisions_article" ON "rootpedia_revisions"  ("article_id", "created_at") `);
    await queryRunner.query(`CREATE TABLE "rootpedia_watches" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "article_id" uuid, "village_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9dfc6b60bb1f7c32deba7ae6175" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_rootpedia_watch_village" ON "rootpedia_watches"  ("user_id", "village_id") WHERE village_id IS NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_rootpedia_watch_article" ON "rootpedia_watches"  ("user_id", "article_id") WHERE article_id IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "rootpedia_articles" ADD CONSTRAINT "FK_475e27e25663773579142026cc6" FOREIGN KEY ("village_id") REFERENCES "villages"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "rootpedia_revisions" ADD CONSTRAINT "FK_3c9a87ff40caecb8e8447166a50" FOREIGN KEY ("article_id") REFERENCES "rootpedia_articles"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "rootpedia_revisions" ADD CONSTRAINT "FK_a95fa7d645e31ffeb0dc94cc34e" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "rootpedia_watches" ADD CONSTRAINT "FK_5c773c8de236f6209367f387eae" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "rootpedia_watches" ADD CONSTRAINT "FK_a610a850d40badd1e05339080c1" FOREIGN KEY ("article_id") REFERENCES "rootpedia_articles"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "rootpedia_watches" ADD CONSTRAINT "FK_b843421ef5c67faabeee0103595" FOREIGN KEY ("village_id") REFERENCES "villages"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "rootpedia_watches" DROP CONSTRAINT "FK_b843421ef5c67faabeee0103595"`);
    await queryRunner.query(`ALTER TABLE "rootpedia_watches" DROP CONSTRAINT "FK_a610a850d40badd1e05339080c1"`);
    await queryRunner.query(`ALTER TABLE "rootpedia_watches" DROP CONSTRAINT "FK_5c773c8de236f6209367f387eae"`);
    await queryRunner.query(`ALTER TABLE "rootpedia_revisions" DROP CONSTRAINT "FK_a95fa7d645e31ffeb0dc94cc34e"`);
    await queryRunner.query(`ALTER TABLE "rootpedia_revisions" DROP CONSTRAINT "FK_3c9a87ff40caecb8e8447166a50"`);
    await queryRunner.query(`ALTER TABLE "rootpedia_articles" DROP CONSTRAINT "FK_475e27e25663773579142026cc6"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_rootpedia_watch_article"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_rootpedia_watch_village"`);
    await queryRunner.query(`DROP TABLE "rootpedia_watches"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_rootpedia_revisions_article"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_rootpedia_revisions_pending"`);
    await queryRunner.query(`DROP TABLE "rootpedia_revisions"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_rootpedia_article_slug"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_rootpedia_article_group_language"`);
    await queryRunner.query(`DROP TABLE "rootpedia_articles"`);
  }
}
