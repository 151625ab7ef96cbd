import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The clients' per-minute cost budgets, kept in PostgreSQL when there is no Redis so that every
 * server instance shares them (app/cost-budgets.ts): a row per client and minute, charged by one
 * conditional upsert. UNLOGGED: a crash forgets at most a minute of spending, and charges write no WAL.
 */
export class ClientCostBudgets1798650000000 implements MigrationInterface {
  name = "ClientCostBudgets1798650000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE UNLOGGED TABLE "client_cost_budgets" (
      "key" text NOT NULL,
      "since" TIMESTAMP WITH TIME ZONE NOT NULL,
      "spent" double precision NOT NULL CHECK ("spent" >= 0),
      CONSTRAINT "PK_client_cost_budgets" PRIMARY KEY ("key"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "client_cost_budgets"`);
  }
}
