import type { MigrationInterface, QueryRunner } from "typeorm";

export class Foundation1795310108703 implements MigrationInterface {
  name = "Foundation1795310108703";

  async up(queryRunner: QueryRunner): Promise<void> {
    // Name search (genealogy) needs these; contrib ships with every supported PostgreSQL.
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS fuzzystrmatch`);
    await queryRunner.query(`CREATE TABLE "users" ("id" uuid NOT NULL, "email" text, "phone" text, "password_hash" text, "display_name" text NOT NULL, "preferred_language" text NOT NULL DEFAULT 'ar', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"), CONSTRAINT "UQ_a000cca60bcf04454e727699490" UNIQUE ("phone"), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "sessions" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "token_hash" text NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, "user_agent" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_seen_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_3238ef96f18b355b671619111bc" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_abaa9e068cdd390bc5210f7988" ON "sessions"  ("token_hash") `);
    await queryRunner.query(`CREATE TABLE "user_roles" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "role" text NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE, "granted_by" uuid, "reason" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8acd5cf26ebd158416f477de799" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_09d115a69b6014d324d592f9c4" ON "user_roles"  ("user_id", "role") `);
    await queryRunner.query(`CREATE TABLE "rootspaces" ("id" text NOT NULL, "name" text NOT NULL, "name_ar" text, "name_fr" text, "slug" text NOT NULL, "country_code" text NOT NULL, "flag_emoji" text, "description" text, "description_ar" text, "description_fr" text, "is_active" boolean NOT NULL DEFAULT true, "lat" double precision, "lng" double precision, "theme_color" text, "currency" text NOT NULL, "timezone" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_7dc7287f6b2f9f2cc575bf02142" UNIQUE ("slug"), CONSTRAINT "PK_8e318c4c30525fdfad0e5885a1f" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "security_events" ("id" uuid NOT NULL, "type" text NOT NULL, "severity" text NOT NULL, "details" jsonb NOT NULL, "user_agent" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6fc100d6700780737348df0d3ae" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_7567faf52e0f0da34dbab2daf3" ON "security_events"  ("severity", "created_at") `);
    await queryRunner.query(`ALTER TABLE "sessions" ADD CONSTRAINT "FK_085d540d9f418cfbdc7bd55bb19" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "user_roles" ADD CONSTRAINT "FK_87b8888186ca9769c960e926870" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    // The default rootspace (spec §3) is reference data: every database has it.
    await queryRunner.query(
      `INSERT INTO "rootspaces" ("id", "name", "name_ar", "name_fr", "slug", "country_code", "flag_emoji",
        "description", "description_ar", "description_fr", "is_active", "lat", "lng", "theme_color", "currency", "timezone")
       VALUES ('lb', 'Lebanon', 'لبنان', 'Liban', 'lebanon', 'LB', '🇱🇧',
        'Villages, families and heritage of Lebanon and its diaspora.',
        'قرى لبنان وعائلاته وتراثه وانتشاره في العالم.',
        'Villages, familles et patrimoine du Liban et de sa diaspora.',
        true, 33.8547, 35.8623, '#2D5BA8', 'USD', 'Asia/Beirut')
       ON CONFLICT ("id") DO NOTHING`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_roles" DROP CONSTRAINT "FK_87b8888186ca9769c960e926870"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP CONSTRAINT "FK_085d540d9f418cfbdc7bd55bb19"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_7567faf52e0f0da34dbab2daf3"`);
    await queryRunner.query(`DROP TABLE "security_events"`);
    await queryRunner.query(`DROP TABLE "rootspaces"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_09d115a69b6014d324d592f9c4"`);
    await queryRunner.query(`DROP TABLE "user_roles"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_abaa9e068cdd390bc5210f7988"`);
    await queryRunner.query(`DROP TABLE "sessions"`);
    await queryRunner.query(`DROP TABLE "users"`);
  }
}
