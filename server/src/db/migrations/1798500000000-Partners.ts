import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The partner API: apps members register (their OAuth clients, the secret kept only as its
 * SHA-256), the OAuth server's artifacts (codes, tokens, grants, interactions; kept by the SHA-256
 * of their id, consumed at most once), the server's own keys, and each app's spending per hour
 * (cost points, shared by every instance).
 */
export class Partners1798500000000 implements MigrationInterface {
  name = "Partners1798500000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "partner_apps" (
      "id" uuid NOT NULL,
      "owner_id" uuid NOT NULL,
      "name" text NOT NULL CHECK (length("name") BETWEEN 2 AND 80),
      "client_id" text NOT NULL CHECK ("client_id" ~ '^app_[A-Za-z0-9_-]{16,64}$'),
      "secret_hash" text NOT NULL CHECK ("secret_hash" ~ '^[0-9a-f]{64}$'),
      "secret_rotated_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "redirect_uris" text[] NOT NULL CHECK (cardinality("redirect_uris") BETWEEN 0 AND 10),
      "scopes" text[] NOT NULL CHECK (cardinality("scopes") >= 1
        AND "scopes" <@ ARRAY['public:read', 'profile:read', 'tree:read', 'tree:export', 'tree:import']::text[]),
      "webhook_url" text CHECK (length("webhook_url") <= 500),
      "state" text NOT NULL DEFAULT 'pending' CHECK ("state" IN ('pending', 'approved', 'suspended')),
      "budget_per_hour" integer CHECK ("budget_per_hour" BETWEEN 1 AND 100000000),
      "decided_by" uuid,
      "decided_at" TIMESTAMP WITH TIME ZONE,
      "decision_reason" text CHECK (length("decision_reason") <= 500),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_partner_apps" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_partner_apps_client" UNIQUE ("client_id"),
      CONSTRAINT "FK_partner_apps_owner" FOREIGN KEY ("owner_id") REFERENCES "users" ("id") ON DELETE CASCADE,
      CONSTRAINT "FK_partner_apps_decider" FOREIGN KEY ("decided_by") REFERENCES "users" ("id") ON DELETE SET NULL)`);
    await q.query(`CREATE INDEX "IDX_partner_apps_owner" ON "partner_apps" ("owner_id", "created_at")`);
    await q.query(`CREATE INDEX "IDX_partner_apps_state" ON "partner_apps" ("state", "created_at")`);

    await q.query(`CREATE TABLE "oauth_artifacts" (
      "model" text NOT NULL,
      "id" text NOT NULL CHECK ("id" ~ '^[0-9a-f]{64}$'),
      "payload" jsonb NOT NULL,
      "grant_id" text,
      "uid" text,
      "client_id" text,
      "account_id" text,
      "expires_at" TIMESTAMP WITH TIME ZONE,
      "consumed_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "PK_oauth_artifacts" PRIMARY KEY ("model", "id"))`);
    await q.query(`CREATE INDEX "IDX_oauth_artifacts_grant" ON "oauth_artifacts" ("grant_id") WHERE "grant_id" IS NOT NULL`);
    await q.query(`CREATE INDEX "IDX_oauth_artifacts_uid" ON "oauth_artifacts" ("model", "uid") WHERE "uid" IS NOT NULL`);
    await q.query(`CREATE INDEX "IDX_oauth_artifacts_account" ON "oauth_artifacts" ("account_id", "model") WHERE "account_id" IS NOT NULL`);
    await q.query(`CREATE INDEX "IDX_oauth_artifacts_expiry" ON "oauth_artifacts" ("expires_at")`);

    await q.query(`CREATE TABLE "oauth_keys" ("name" text NOT NULL, "value" text NOT NULL, CONSTRAINT "PK_oauth_keys" PRIMARY KEY ("name"))`);

    await q.query(`CREATE TABLE "partner_app_usage" (
      "app_id" uuid NOT NULL,
      "hour" TIMESTAMP WITH TIME ZONE NOT NULL,
      "spent" bigint NOT NULL DEFAULT 0 CHECK ("spent" >= 0),
      "requests" integer NOT NULL DEFAULT 0 CHECK ("requests" >= 0),
      "refused" integer NOT NULL DEFAULT 0 CHECK ("refused" >= 0),
      CONSTRAINT "PK_partner_app_usage" PRIMARY KEY ("app_id", "hour"),
      CONSTRAINT "FK_partner_app_usage_app" FOREIGN KEY ("app_id") REFERENCES "partner_apps" ("id") ON DELETE CASCADE)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "partner_app_usage"`);
    await q.query(`DROP TABLE "oauth_keys"`);
    await q.query(`DROP TABLE "oauth_artifacts"`);
    await q.query(`DROP TABLE "partner_apps"`);
  }
}
