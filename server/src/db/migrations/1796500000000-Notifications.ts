import type { MigrationInterface, QueryRunner } from "typeorm";

export class Notifications1796500000000 implements MigrationInterface {
  name = "Notifications1796500000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "notifications" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "kind" text NOT NULL, "params" jsonb NOT NULL, "in_app" boolean NOT NULL, "email" text NOT NULL, "read_at" TIMESTAMP WITH TIME ZONE, "emailed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6a72c3c0f683f6462415e653c3a" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_notifications_digest_due" ON "notifications"  ("created_at") WHERE email = 'digest' AND emailed_at IS NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_notifications_user_newest" ON "notifications"  ("user_id", "created_at", "id") `);
    await queryRunner.query(`CREATE TABLE "notification_settings" ("user_id" uuid NOT NULL, "kind" text NOT NULL, "in_app" boolean NOT NULL, "email" text NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4b6ba3be5dc3b9f00444e22ad81" PRIMARY KEY ("user_id", "kind"))`);
    await queryRunner.query(`ALTER TABLE "outbox_emails" ADD "html" text`);
    await queryRunner.query(`ALTER TABLE "outbox_emails" ADD "language" text NOT NULL DEFAULT 'en'`);
    await queryRunner.query(`ALTER TABLE "outbox_emails" ADD "status" text NOT NULL DEFAULT 'kept'`);
    await queryRunner.query(`ALTER TABLE "outbox_emails" ADD "attempts" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "outbox_emails" ADD "last_error" text`);
    await queryRunner.query(`ALTER TABLE "outbox_emails" ADD "sent_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "outbox_emails" ADD "pending_body" jsonb`);
    await queryRunner.query(`ALTER TABLE "notifications" ADD CONSTRAINT "FK_9a8a82462cab47c73d25f49261f" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "notification_settings" ADD CONSTRAINT "FK_91a7ffebe8b406c4470845d4781" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notification_settings" DROP CONSTRAINT "FK_91a7ffebe8b406c4470845d4781"`);
    await queryRunner.query(`ALTER TABLE "notifications" DROP CONSTRAINT "FK_9a8a82462cab47c73d25f49261f"`);
    await queryRunner.query(`ALTER TABLE "outbox_emails" DROP COLUMN "pending_body"`);
    await queryRunner.query(`ALTER TABLE "outbox_emails" DROP COLUMN "sent_at"`);
    await queryRunner.query(`ALTER TABLE "outbox_emails" DROP COLUMN "last_error"`);
    await queryRunner.query(`ALTER TABLE "outbox_emails" DROP COLUMN "attempts"`);
    await queryRunner.query(`ALTER TABLE "outbox_emails" DROP COLUMN "status"`);
    await queryRunner.query(`ALTER TABLE "outbox_emails" DROP COLUMN "language"`);
    await queryRunner.query(`ALTER TABLE "outbox_emails" DROP COLUMN "html"`);
    await queryRunner.query(`DROP TABLE "notification_settings"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_notifications_user_newest"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_notifications_digest_due"`);
    await queryRunner.query(`DROP TABLE "notifications"`);
  }
}
