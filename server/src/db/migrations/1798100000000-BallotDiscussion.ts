import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A proposal's discussion has replies (`ballot_comments.parent_id`, one level: a reply answers a
 * comment, never a reply), comments a curator hid with a reason (`hidden_at`, `hidden_by`,
 * `hidden_reason`: no reply is taken under them), and agree/disagree reactions, one per member
 * per comment (`ballot_comment_reactions`, a second replacing the first). Owned by ballots.
 */
export class BallotDiscussion1798100000000 implements MigrationInterface {
  name = "BallotDiscussion1798100000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "ballot_comments" ADD "parent_id" uuid, ADD "hidden_at" TIMESTAMP WITH TIME ZONE, ADD "hidden_by" uuid, ADD "hidden_reason" text`,
    );
    await queryRunner.query(
      `ALTER TABLE "ballot_comments" ADD CONSTRAINT "FK_ballot_comments_parent" FOREIGN KEY ("parent_id") REFERENCES "ballot_comments"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "ballot_comments" ADD CONSTRAINT "FK_ballot_comments_hidden_by" FOREIGN KEY ("hidden_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_ballot_comments_parent" ON "ballot_comments" ("parent_id") `);
    await queryRunner.query(
      `CREATE TABLE "ballot_comment_reactions" ("comment_id" uuid NOT NULL, "user_id" uuid NOT NULL, "reaction" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "CHK_ballot_comment_reaction" CHECK ("reaction" IN ('agree', 'disagree')), CONSTRAINT "PK_ballot_comment_reactions" PRIMARY KEY ("comment_id", "user_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_ballot_comment_reactions_user" ON "ballot_comment_reactions" ("user_id") `);
    await queryRunner.query(
      `ALTER TABLE "ballot_comment_reactions" ADD CONSTRAINT "FK_ballot_comment_reactions_comment" FOREIGN KEY ("comment_id") REFERENCES "ballot_comments"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "ballot_comment_reactions" ADD CONSTRAINT "FK_ballot_comment_reactions_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "ballot_comment_reactions"`);
    await queryRunner.query(`DROP INDEX "IDX_ballot_comments_parent"`);
    await queryRunner.query(`ALTER TABLE "ballot_comments" DROP CONSTRAINT "FK_ballot_comments_hidden_by"`);
    await queryRunner.query(`ALTER TABLE "ballot_comments" DROP CONSTRAINT "FK_ballot_comments_parent"`);
    await queryRunner.query(
      `ALTER TABLE "ballot_comments" DROP COLUMN "hidden_reason", DROP COLUMN "hidden_by", DROP COLUMN "hidden_at", DROP COLUMN "parent_id"`,
    );
  }
}
