import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Partner webhooks: what an app subscribed to (a village's page; a consenting member's tree),
 * each delivery with its attempts (the log the developer reads), and the key each app's
 * deliveries are signed with (HMAC-SHA256; shown to the developer with the app's secret).
 */
export class PartnerWebhooks1798600000000 implements MigrationInterface {
  name = "PartnerWebhooks1798600000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "partner_apps" ADD "webhook_secret" text`);
    // Apps registered before webhooks get a key of their own (rotating the secret shows it).
    await q.query(`UPDATE "partner_apps" SET "webhook_secret" = 'whsec_' || encode(sha256((random()::text || "id"::text || clock_timestamp()::text)::bytea), 'hex')`);
    await q.query(`ALTER TABLE "partner_apps" ALTER COLUMN "webhook_secret" SET NOT NULL`);
    await q.query(`ALTER TABLE "partner_apps" ADD CONSTRAINT "CHK_partner_apps_webhook_secret" CHECK ("webhook_secret" ~ '^whsec_[A-Za-z0-9_-]{32,100}$')`);

    await q.query(`CREATE TABLE "partner_webhooks" (
      "id" uuid NOT NULL,
      "app_id" uuid NOT NULL,
      "event" text NOT NULL CHECK ("event" IN ('village.changed', 'tree.changed')),
      "village_id" uuid,
      "account_id" uuid,
      "baseline_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "scanned_to" TIMESTAMP WITH TIME ZONE NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_partner_webhooks" PRIMARY KEY ("id"),
      CONSTRAINT "CHK_partner_webhooks_target" CHECK (
        ("event" = 'village.changed' AND "village_id" IS NOT NULL AND "account_id" IS NULL)
        OR ("event" = 'tree.changed' AND "account_id" IS NOT NULL AND "village_id" IS NULL)),
      CONSTRAINT "UQ_partner_webhooks" UNIQUE NULLS NOT DISTINCT ("app_id", "event", "village_id", "account_id"),
      CONSTRAINT "FK_partner_webhooks_app" FOREIGN KEY ("app_id") REFERENCES "partner_apps" ("id") ON DELETE CASCADE,
      CONSTRAINT "FK_partner_webhooks_village" FOREIGN KEY ("village_id") REFERENCES "villages" ("id") ON DELETE CASCADE,
      CONSTRAINT "FK_partner_webhooks_account" FOREIGN KEY ("account_id") REFERENCES "users" ("id") ON DELETE CASCADE)`);
    await q.query(`CREATE INDEX "IDX_partner_webhooks_village" ON "partner_webhooks" ("village_id") WHERE "village_id" IS NOT NULL`);
    await q.query(`CREATE INDEX "IDX_partner_webhooks_account" ON "partner_webhooks" ("account_id") WHERE "account_id" IS NOT NULL`);

    await q.query(`CREATE TABLE "partner_webhook_deliveries" (
      "id" uuid NOT NULL,
      "webhook_id" uuid NOT NULL,
      "app_id" uuid NOT NULL,
      "event" text NOT NULL,
      "target_id" uuid NOT NULL,
      "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "state" text NOT NULL DEFAULT 'pending' CHECK ("state" IN ('pending', 'delivered', 'failed')),
      "attempts" integer NOT NULL DEFAULT 0 CHECK ("attempts" >= 0),
      "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "last_status" integer,
      "last_error" text CHECK (length("last_error") <= 300),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "finished_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "PK_partner_webhook_deliveries" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_partner_webhook_deliveries_change" UNIQUE ("webhook_id", "target_id", "occurred_at"),
      CONSTRAINT "FK_partner_webhook_deliveries_hook" FOREIGN KEY ("webhook_id") REFERENCES "partner_webhooks" ("id") ON DELETE CASCADE,
      CONSTRAINT "FK_partner_webhook_deliveries_app" FOREIGN KEY ("app_id") REFERENCES "partner_apps" ("id") ON DELETE CASCADE)`);
    await q.query(
      `CREATE INDEX "IDX_partner_webhook_deliveries_due" ON "partner_webhook_deliveries" ("next_attempt_at") WHERE "state" = 'pending'`,
    );
    await q.query(`CREATE INDEX "IDX_partner_webhook_deliveries_app" ON "partner_webhook_deliveries" ("app_id", "created_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "partner_webhook_deliveries"`);
    await q.query(`DROP TABLE "partner_webhooks"`);
    await q.query(`ALTER TABLE "partner_apps" DROP CONSTRAINT "CHK_partner_apps_webhook_secret"`);
    await q.query(`ALTER TABLE "partner_apps" DROP COLUMN "webhook_secret"`);
  }
}
