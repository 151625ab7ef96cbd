import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The money area's ledger (modules/money): accounts, their balances, transactions and their
 * append-only entries, two-phase holds, exchange rates, receipts and their yearly counters,
 * payments, payouts and the webhook events already handled. The ledger's rules live here, in the
 * database: a transaction's entries sum to zero in its one currency (checked at COMMIT), entries
 * are never updated nor deleted, and an account flagged `no_negative` (`no_positive`) cannot go
 * below (above) zero, pending holds counted.
 */
export class Money1798200000000 implements MigrationInterface {
  name = "Money1798200000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "money_accounts" (
      "id" uuid NOT NULL,
      "owner_kind" text NOT NULL CHECK ("owner_kind" IN ('member', 'contract', 'deal', 'listing', 'platform')),
      "owner_id" text NOT NULL,
      "purpose" text NOT NULL CHECK ("purpose" ~ '^[a-z][a-z_]*$'),
      "currency" char(3) NOT NULL CHECK ("currency" IN ('USD', 'LBP')),
      "flag" text NOT NULL CHECK ("flag" IN ('no_negative', 'no_positive', 'none')),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_money_accounts" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_money_accounts_owner" UNIQUE ("owner_kind", "owner_id", "purpose", "currency"),
      CONSTRAINT "UQ_money_accounts_currency" UNIQUE ("id", "currency"))`);
    // The flag is copied so that CHECK constraints can read it on the row they guard.
    await q.query(`CREATE TABLE "money_balances" (
      "account_id" uuid NOT NULL,
      "currency" char(3) NOT NULL,
      "flag" text NOT NULL,
      "posted" bigint NOT NULL DEFAULT 0,
      "pending_out" bigint NOT NULL DEFAULT 0 CHECK ("pending_out" >= 0),
      "pending_in" bigint NOT NULL DEFAULT 0 CHECK ("pending_in" >= 0),
      CONSTRAINT "PK_money_balances" PRIMARY KEY ("account_id"),
      CONSTRAINT "FK_money_balances_account" FOREIGN KEY ("account_id", "currency") REFERENCES "money_accounts" ("id", "currency"),
      CONSTRAINT "CHK_money_balances_no_negative" CHECK ("flag" <> 'no_negative' OR "posted" - "pending_out" >= 0),
      CONSTRAINT "CHK_money_balances_no_positive" CHECK ("flag" <> 'no_positive' OR "posted" + "pending_in" <= 0))`);
    await q.query(`CREATE TABLE "money_exchange_rates" (
      "id" uuid NOT NULL,
      "currency" char(3) NOT NULL CHECK ("currency" IN ('LBP')),
      "per_usd" numeric(20, 6) NOT NULL CHECK ("per_usd" > 0),
      "source" text NOT NULL,
      "effective_on" date NOT NULL,
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_money_exchange_rates" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_money_exchange_rates_latest" ON "money_exchange_rates" ("currency", "effective_on", "created_at")`);
    await q.query(`CREATE TABLE "money_transactions" (
      "id" uuid NOT NULL,
      "kind" text NOT NULL,
      "currency" char(3) NOT NULL CHECK ("currency" IN ('USD', 'LBP')),
      "idempotency_key" text,
      "request_sha256" text,
      "reverses" uuid REFERENCES "money_transactions" ("id"),
      "rate_id" uuid REFERENCES "money_exchange_rates" ("id"),
      "memo" jsonb NOT NULL DEFAULT '{}',
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_money_transactions" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_money_transactions_reverses" UNIQUE ("reverses"))`);
    // Not unique: keys are unique while money_requests keeps them (30 days); the ledger keeps each forever, as written.
    await q.query(`CREATE INDEX "IDX_money_transactions_key" ON "money_transactions" ("idempotency_key")`);
    await q.query(`CREATE TABLE "money_entries" (
      "id" bigserial NOT NULL,
      "transaction_id" uuid NOT NULL REFERENCES "money_transactions" ("id"),
      "account_id" uuid NOT NULL,
      "currency" char(3) NOT NULL,
      "amount" bigint NOT NULL CHECK ("amount" <> 0),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_money_entries" PRIMARY KEY ("id"),
      CONSTRAINT "FK_money_entries_account" FOREIGN KEY ("account_id", "currency") REFERENCES "money_accounts" ("id", "currency"))`);
    await q.query(`CREATE INDEX "IDX_money_entries_transaction" ON "money_entries" ("transaction_id")`);
    await q.query(`CREATE INDEX "IDX_money_entries_account" ON "money_entries" ("account_id", "id")`);

    // At COMMIT: every transaction touched has entries, summing to zero, all in its currency.
    await q.query(`CREATE FUNCTION money_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE t record; s numeric; n int; odd int;
      BEGIN
        SELECT id, currency INTO t FROM money_transactions WHERE id = NEW.transaction_id;
        IF NOT FOUND THEN RAISE EXCEPTION 'money: entry % names no transaction', NEW.id USING ERRCODE = '23514'; END IF;
        SELECT coalesce(sum(amount), 0), count(*), count(*) FILTER (WHERE currency <> t.currency)
          INTO s, n, odd FROM money_entries WHERE transaction_id = t.id;
        IF n < 2 THEN RAISE EXCEPTION 'money: transaction % has % entries', t.id, n USING ERRCODE = '23514', CONSTRAINT = 'money_balanced'; END IF;
        IF odd > 0 THEN RAISE EXCEPTION 'money: transaction % mixes currencies', t.id USING ERRCODE = '23514', CONSTRAINT = 'money_one_currency'; END IF;
        IF s <> 0 THEN RAISE EXCEPTION 'money: transaction % sums to %', t.id, s USING ERRCODE = '23514', CONSTRAINT = 'money_balanced'; END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE FUNCTION money_check_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE n int;
      BEGIN
        SELECT count(*) INTO n FROM money_entries WHERE transaction_id = NEW.id;
        IF n < 2 THEN RAISE EXCEPTION 'money: transaction % has % entries', NEW.id, n USING ERRCODE = '23514', CONSTRAINT = 'money_balanced'; END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE CONSTRAINT TRIGGER "money_entries_balanced" AFTER INSERT ON "money_entries"
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION money_check_balanced()`);
    await q.query(`CREATE CONSTRAINT TRIGGER "money_transactions_have_entries" AFTER INSERT ON "money_transactions"
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION money_check_transaction()`);
    // Append-only: a correction is a reversing transaction, never an edit.
    await q.query(`CREATE FUNCTION money_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'money: % of % refused, the ledger is append-only', TG_OP, TG_TABLE_NAME USING ERRCODE = '42501'; END $$`);
    for (const table of ["money_entries", "money_transactions"]) {
      await q.query(`CREATE TRIGGER "${table}_no_change" BEFORE UPDATE OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION money_append_only()`);
      await q.query(`CREATE TRIGGER "${table}_no_truncate" BEFORE TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION money_append_only()`);
    }

    // Two-phase transfers: a hold ends once (posted, voided or expired), then never changes.
    await q.query(`CREATE TABLE "money_holds" (
      "id" uuid NOT NULL,
      "from_account" uuid NOT NULL REFERENCES "money_accounts" ("id"),
      "to_account" uuid NOT NULL REFERENCES "money_accounts" ("id"),
      "currency" char(3) NOT NULL,
      "amount" bigint NOT NULL CHECK ("amount" > 0),
      "status" text NOT NULL CHECK ("status" IN ('pending', 'posted', 'voided', 'expired')),
      "posted_amount" bigint CHECK ("posted_amount" > 0 AND "posted_amount" <= "amount"),
      "transaction_id" uuid REFERENCES "money_transactions" ("id"),
      "expires_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "ended_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "PK_money_holds" PRIMARY KEY ("id"),
      CONSTRAINT "CHK_money_holds_ended" CHECK (("status" = 'pending') = ("ended_at" IS NULL)),
      CONSTRAINT "CHK_money_holds_posted" CHECK (("status" = 'posted') = ("transaction_id" IS NOT NULL)))`);
    await q.query(`CREATE INDEX "IDX_money_holds_expiring" ON "money_holds" ("expires_at") WHERE "status" = 'pending'`);
    await q.query(`CREATE FUNCTION money_hold_ends_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' OR OLD.status <> 'pending' OR NEW.amount <> OLD.amount OR NEW.from_account <> OLD.from_account OR NEW.to_account <> OLD.to_account THEN
          RAISE EXCEPTION 'money: hold % has ended', OLD.id USING ERRCODE = '23514', CONSTRAINT = 'money_hold_ends_once';
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER "money_holds_end_once" BEFORE UPDATE OR DELETE ON "money_holds" FOR EACH ROW EXECUTE FUNCTION money_hold_ends_once()`);

    // Idempotency: every money mutation's key, with its request's SHA-256 and first answer (kept 30 days).
    await q.query(`CREATE TABLE "money_requests" (
      "key" text NOT NULL,
      "request_sha256" text NOT NULL,
      "result" jsonb,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_money_requests" PRIMARY KEY ("key"))`);
    await q.query(`CREATE INDEX "IDX_money_requests_created" ON "money_requests" ("created_at")`);

    await q.query(`CREATE TABLE "money_receipt_counters" (
      "year" integer NOT NULL,
      "last" integer NOT NULL CHECK ("last" >= 0),
      CONSTRAINT "PK_money_receipt_counters" PRIMARY KEY ("year"))`);
    await q.query(`CREATE TABLE "money_receipts" (
      "id" uuid NOT NULL,
      "year" integer NOT NULL,
      "seq" integer NOT NULL,
      "code" char(20) NOT NULL,
      "kind" text NOT NULL CHECK ("kind" IN ('payment', 'refund', 'payout')),
      "transaction_id" uuid NOT NULL REFERENCES "money_transactions" ("id"),
      "member_id" uuid NOT NULL,
      "currency" char(3) NOT NULL,
      "amount" bigint NOT NULL CHECK ("amount" > 0),
      "details" jsonb NOT NULL DEFAULT '{}',
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_money_receipts" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_money_receipts_number" UNIQUE ("year", "seq"),
      CONSTRAINT "UQ_money_receipts_code" UNIQUE ("code"))`);
    await q.query(`CREATE INDEX "IDX_money_receipts_member" ON "money_receipts" ("member_id", "created_at")`);

    await q.query(`CREATE TABLE "money_payments" (
      "id" uuid NOT NULL,
      "reference" text NOT NULL,
      "member_id" uuid NOT NULL,
      "provider" text NOT NULL,
      "currency" char(3) NOT NULL,
      "amount" bigint NOT NULL CHECK ("amount" > 0),
      "status" text NOT NULL CHECK ("status" IN ('pending', 'confirmed', 'expired')),
      "received" bigint CHECK ("received" > 0),
      "refunded" bigint NOT NULL DEFAULT 0 CHECK ("refunded" >= 0 AND "refunded" <= coalesce("received", 0)),
      "then_job" text,
      "then_payload" jsonb,
      "purpose" text NOT NULL DEFAULT 'wallet',
      "transaction_id" uuid REFERENCES "money_transactions" ("id"),
      "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "confirmed_at" TIMESTAMP WITH TIME ZONE,
      "confirmed_by" uuid,
      CONSTRAINT "PK_money_payments" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_money_payments_reference" UNIQUE ("reference"))`);
    await q.query(`CREATE INDEX "IDX_money_payments_member" ON "money_payments" ("member_id", "created_at")`);
    await q.query(`CREATE INDEX "IDX_money_payments_pending" ON "money_payments" ("expires_at") WHERE "status" = 'pending'`);
    await q.query(`CREATE TABLE "money_payouts" (
      "id" uuid NOT NULL,
      "member_id" uuid NOT NULL,
      "provider" text NOT NULL,
      "hold_id" uuid NOT NULL REFERENCES "money_holds" ("id"),
      "currency" char(3) NOT NULL,
      "amount" bigint NOT NULL CHECK ("amount" > 0),
      "destination" text NOT NULL,
      "status" text NOT NULL CHECK ("status" IN ('requested', 'sent', 'cancelled')),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "decided_at" TIMESTAMP WITH TIME ZONE,
      "decided_by" uuid,
      CONSTRAINT "PK_money_payouts" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_money_payouts_member" ON "money_payouts" ("member_id", "created_at")`);
    await q.query(`CREATE TABLE "money_webhook_events" (
      "provider" text NOT NULL,
      "event_id" text NOT NULL,
      "result" jsonb,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_money_webhook_events" PRIMARY KEY ("provider", "event_id"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      "money_webhook_events",
      "money_payouts",
      "money_payments",
      "money_receipts",
      "money_receipt_counters",
      "money_requests",
      "money_holds",
      "money_entries",
      "money_transactions",
      "money_exchange_rates",
      "money_balances",
      "money_accounts",
    ])
      await q.query(`DROP TABLE "${table}"`);
    for (const fn of ["money_hold_ends_once", "money_append_only", "money_check_transaction", "money_check_balanced"])
      await q.query(`DROP FUNCTION ${fn}()`);
  }
}
