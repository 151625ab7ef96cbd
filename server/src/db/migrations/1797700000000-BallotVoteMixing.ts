import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Votes are rewritten, in a random order, by the tally update that first counts them and again,
 * in board order, at close (ballots/tally.ts, ballot.service.ts): `mixed` marks those rewritten,
 * and the partial index finds the few that are not. Votes of ballots already closed are rewritten
 * now, so that their rows no longer carry the transaction that also marked their voter's roll entry.
 */
export class BallotVoteMixing1797700000000 implements MigrationInterface {
  name = "BallotVoteMixing1797700000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "ballot_votes" ADD "mixed" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`CREATE INDEX "IDX_ballot_votes_unmixed" ON "ballot_votes" ("ballot_id") WHERE NOT mixed`);
    await queryRunner.query(`UPDATE ballot_votes v SET mixed = true FROM ballots b WHERE b.id = v.ballot_id AND b.status = 'closed'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_ballot_votes_unmixed"`);
    await queryRunner.query(`ALTER TABLE "ballot_votes" DROP COLUMN "mixed"`);
  }
}
