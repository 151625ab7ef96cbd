import type { MigrationInterface, QueryRunner } from "typeorm";

export class Accounts1795312126846 implements MigrationInterface {
  name = "Accounts1795312126846";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "magic_links" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "token_hash" text NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "return_to" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6c609d48037f164e7ae5b744b18" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_a36d07ccc11b86f47dc80ec0e8" ON "magic_links"  ("token_hash") `);
    await queryRunner.query(`CREATE TABLE "refresh_tokens" ("id" uuid NOT NULL, "session_id" uuid NOT NULL, "token_hash" text NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7d8bee0204106019488c4c50ffa" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_a7838d2ba25be1342091b6695f" ON "refresh_tokens"  ("token_hash") `);
    await queryRunner.query(`CREATE TABLE "analytics_events" ("id" uuid NOT NULL, "timestamp" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "rootspace_id" text, "event_type" text NOT NULL, "action" text NOT NULL, "entity_id" text, "user_id" uuid, "properties" jsonb NOT NULL, CONSTRAINT "PK_5d643d67a09b55653e98616f421" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_6916395d26c77c534f2833971a" ON "analytics_events"  ("rootspace_id", "timestamp") `);
    await queryRunner.query(`CREATE TABLE "audit_logs" ("id" uuid NOT NULL, "table_name" text NOT NULL, "record_id" text NOT NULL, "user_id" uuid, "action" text NOT NULL, "before" jsonb, "after" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_1bb179d048bbc581caa3b013439" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_45575c290a2b47aa366e853d07" ON "audit_logs"  ("table_name", "record_id") `);
    await queryRunner.query(`CREATE TABLE "outbox_emails" ("id" uuid NOT NULL, "to_address" text NOT NULL, "subject" text NOT NULL, "text" text NOT NULL, "transport" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8cb122e0b8065573966b2e1acf6" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "rate_limit_hits" ("id" BIGSERIAL NOT NULL, "bucket" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_08be639360a0628bcd172fb544c" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_2231a4bb3b2d747b3030897661" ON "rate_limit_hits"  ("bucket", "created_at") `);
    await queryRunner.query(`ALTER TABLE "users" ADD "village_of_origin" text`);
    await queryRunner.query(`ALTER TABLE "users" ADD "last_sign_in_at" TIMESTAMP WITH TIME ZONE`);
    // Existing sessions (issued before refresh tokens existed) end now.
    await queryRunner.query(`ALTER TABLE "sessions" ADD "refresh_expires_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`);
    await queryRunner.query(`ALTER TABLE "sessions" ALTER COLUMN "refresh_expires_at" DROP DEFAULT`);
    await queryRunner.query(`ALTER TABLE "sessions" ADD "revoked_reason" text`);
    await queryRunner.query(`ALTER TABLE "sessions" ADD "ip" text`);
    await queryRunner.query(`ALTER TABLE "magic_links" ADD CONSTRAINT "FK_4c82c45227169968efeb48c971a" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "refresh_tokens" ADD CONSTRAINT "FK_3bf308fa93da3966f9e76fcfba4" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "refresh_tokens" DROP CONSTRAINT "FK_3bf308fa93da3966f9e76fcfba4"`);
    await queryRunner.query(`ALTER TABLE "magic_links" DROP CONSTRAINT "FK_4c82c45227169968efeb48c971a"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP COLUMN "ip"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP COLUMN "revoked_reason"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP COLUMN "refresh_expires_at"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "last_sign_in_at"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "village_of_origin"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_2231a4bb3b2d747b3030897661"`);
    await queryRunner.query(`DROP TABLE "rate_limit_hits"`);
    await queryRunner.query(`DROP TABLE "outbox_emails"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_45575c290a2b47aa366e853d07"`);
    await queryRunner.query(`DROP TABLE "audit_logs"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_6916395d26c77c534f2833971a"`);
    await queryRunner.query(`DROP TABLE "analytics_events"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_a7838d2ba25be1342091b6695f"`);
    await queryRunner.query(`DROP TABLE "refresh_tokens"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_a36d07ccc11b86f47dc80ec0e8"`);
    await queryRunner.query(`DROP TABLE "magic_links"`);
  }
}
