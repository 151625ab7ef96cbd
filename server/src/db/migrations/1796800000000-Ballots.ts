import type { MigrationInterface, QueryRunner } from "typeorm";

export class Ballots1796800000000 implements MigrationInterface {
  name = "Ballots1796800000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "ballot_proposals" ("id" uuid NOT NULL, "village_id" uuid NOT NULL, "article_id" uuid, "base_revision_id" uuid, "language" text NOT NULL, "title" text NOT NULL, "content" text NOT NULL, "summary" text NOT NULL DEFAULT '', "author_id" uuid, "status" text NOT NULL DEFAULT 'draft', "applied_revision_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_93a184047940f2851c36d274194" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_ballot_proposals_village" ON "ballot_proposals"  ("village_id", "status") `);
    await queryRunner.query(`CREATE TABLE "ballot_comments" ("id" uuid NOT NULL, "proposal_id" uuid NOT NULL, "author_id" uuid, "body" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_97438c759c94c111133d25996cf" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_ballot_comments_proposal" ON "ballot_comments"  ("proposal_id", "created_at") `);
    await queryRunner.query(`CREATE TABLE "roots_passports" ("id" uuid NOT NULL, "village_id" uuid NOT NULL, "user_id" uuid NOT NULL, "issued_by" uuid, "reason" text NOT NULL, "issued_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, "revoked_by" uuid, "revoke_reason" text, CONSTRAINT "PK_15e988d70e707ee1a261f19ac28" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_roots_passport_live" ON "roots_passports"  ("village_id", "user_id") WHERE revoked_at IS NULL`);
    await queryRunner.query(`CREATE TABLE "ballots" ("id" uuid NOT NULL, "proposal_id" uuid NOT NULL, "village_id" uuid NOT NULL, "status" text NOT NULL DEFAULT 'cooling_off', "hide_results" boolean NOT NULL DEFAULT false, "opens_at" TIMESTAMP WITH TIME ZONE NOT NULL, "closes_at" TIMESTAMP WITH TIME ZONE NOT NULL, "eligible_count" integer, "quorum" integer, "outcome" text, "yes_count" integer, "no_count" integer, "abstain_count" integer, "published" integer NOT NULL DEFAULT '0', "published_at" TIMESTAMP WITH TIME ZONE, "created_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_1c29cf82a8045f839f8639634e9" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_ballots_status" ON "ballots"  ("status") `);
    await queryRunner.query(`CREATE TABLE "ballot_roll" ("ballot_id" uuid NOT NULL, "user_id" uuid NOT NULL, "voted_on" date, CONSTRAINT "PK_6bf61d493c1aa0df346d95b0e8c" PRIMARY KEY ("ballot_id", "user_id"))`);
    await queryRunner.query(`CREATE TABLE "ballot_votes" ("id" uuid NOT NULL, "ballot_id" uuid NOT NULL, "choice" text NOT NULL, "receipt" text NOT NULL, "position" integer, "prev_hash" text, "entry_hash" text, CONSTRAINT "PK_b203ae2decea60693d75ddf7029" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_ballot_votes_receipt" ON "ballot_votes"  ("ballot_id", "receipt") `);
    await queryRunner.query(`ALTER TABLE "ballot_proposals" ADD CONSTRAINT "FK_0f8be4e0fea7d73cd5d7223f530" FOREIGN KEY ("village_id") REFERENCES "villages"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ballot_proposals" ADD CONSTRAINT "FK_197f0b4f867afce0edca4d7770c" FOREIGN KEY ("article_id") REFERENCES "rootpedia_articles"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ballot_proposals" ADD CONSTRAINT "FK_473b6851550d36aa10e6a9ec4d4" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ballot_comments" ADD CONSTRAINT "FK_96315db871f0850be8dfcef3ee6" FOREIGN KEY ("proposal_id") REFERENCES "ballot_proposals"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ballot_comments" ADD CONSTRAINT "FK_ce403e9f4cb7f97b1106a93ed8c" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "roots_passports" ADD CONSTRAINT "FK_eebb4d67e4ca9ee3c4d42df50a0" FOREIGN KEY ("village_id") REFERENCES "villages"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "roots_passports" ADD CONSTRAINT "FK_e3e1dc5316a4b2a86500516bdb8" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ballots" ADD CONSTRAINT "FK_072d44fb3dd6f032358baa1f235" FOREIGN KEY ("proposal_id") REFERENCES "ballot_proposals"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ballot_roll" ADD CONSTRAINT "FK_74a291808a867fca4bf65dc8759" FOREIGN KEY ("ballot_id") REFERENCES "ballots"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ballot_roll" ADD CONSTRAINT "FK_65b350b4159a1261d3c4d41887e" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ballot_votes" ADD CONSTRAINT "FK_6d8edef4c87e93cb1bf01c26853" FOREIGN KEY ("ballot_id") REFERENCES "ballots"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "ballot_votes" DROP CONSTRAINT "FK_6d8edef4c87e93cb1bf01c26853"`);
    await queryRunner.query(`ALTER TABLE "ballot_roll" DROP CONSTRAINT "FK_65b350b4159a1261d3c4d41887e"`);
    await queryRunner.query(`ALTER TABLE "ballot_roll" DROP CONSTRAINT "FK_74a291808a867fca4bf65dc8759"`);
    await queryRunner.query(`ALTER TABLE "ballots" DROP CONSTRAINT "FK_072d44fb3dd6f032358baa1f235"`);
    await queryRunner.query(`ALTER TABLE "roots_passports" DROP CONSTRAINT "FK_e3e1dc5316a4b2a86500516bdb8"`);
    await queryRunner.query(`ALTER TABLE "roots_passports" DROP CONSTRAINT "FK_eebb4d67e4ca9ee3c4d42df50a0"`);
    await queryRunner.query(`ALTER TABLE "ballot_comments" DROP CONSTRAINT "FK_ce403e9f4cb7f97b1106a93ed8c"`);
    await queryRunner.query(`ALTER TABLE "ballot_comments" DROP CONSTRAINT "FK_96315db871f0850be8dfcef3ee6"`);
    await queryRunner.query(`ALTER TABLE "ballot_proposals" DROP CONSTRAINT "FK_473b6851550d36aa10e6a9ec4d4"`);
    await queryRunner.query(`ALTER TABLE "ballot_proposals" DROP CONSTRAINT "FK_197f0b4f867afce0edca4d7770c"`);
    await queryRunner.query(`ALTER TABLE "ballot_proposals" DROP CONSTRAINT "FK_0f8be4e0fea7d73cd5d7223f530"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_ballot_votes_receipt"`);
    await queryRunner.query(`DROP TABLE "ballot_votes"`);
    await queryRunner.query(`DROP TABLE "ballot_roll"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_ballots_status"`);
    await queryRunner.query(`DROP TABLE "ballots"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_roots_passport_live"`);
    await queryRunner.query(`DROP TABLE "roots_passports"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_ballot_comments_proposal"`);
    await queryRunner.query(`DROP TABLE "ballot_comments"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_ballot_proposals_village"`);
    await queryRunner.query(`DROP TABLE "ballot_proposals"`);
  }
}
