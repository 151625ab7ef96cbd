import type { MigrationInterface, QueryRunner } from "typeorm";

export class GenealogyCore1795314175272 implements MigrationInterface {
  name = "GenealogyCore1795314175272";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "families" ("id" uuid NOT NULL, "rootspace_id" text NOT NULL, "village_id" uuid, "family_name" text NOT NULL, "family_name_ar" text, "family_name_fr" text, "notes" text, "notes_ar" text, "notes_fr" text, "provenance" text NOT NULL DEFAULT 'COMMUNITY', "confidence" real NOT NULL DEFAULT '0.5', "is_public" boolean NOT NULL DEFAULT true, "created_by" uuid, "key_skeleton" text NOT NULL DEFAULT '', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_70414ac0c8f45664cf71324b9bb" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_84b918e67b89c8b3da49da09e8" ON "families"  ("rootspace_id", "village_id") `);
    await queryRunner.query(`CREATE TABLE "people" ("id" uuid NOT NULL, "rootspace_id" text NOT NULL, "full_name" text NOT NULL, "full_name_ar" text, "given_name" text, "father_name" text, "grandfather_name" text, "mother_name" text, "name_variants" text array NOT NULL DEFAULT '{}', "gender" character(1) NOT NULL DEFAULT 'U', "birth_date_text" text, "birth_date_qualifier" text, "birth_date_from" date, "birth_date_to" date, "birth_place" text, "death_date_text" text, "death_date_qualifier" text, "death_date_from" date, "death_date_to" date, "death_place" text, "is_deceased" boolean NOT NULL DEFAULT false, "occupation" text, "bio" text, "current_location" text, "current_country" text, "registration_village_id" uuid, "registration_number" text, "sources" text, "provenance" text NOT NULL DEFAULT 'COMMUNITY', "confidence" real NOT NULL DEFAULT '0.5', "is_public" boolean NOT NULL DEFAULT true, "privacy_settings" jsonb NOT NULL, "family_id" uuid, "village_id" uuid, "user_id" uuid, "created_by" uuid, "key_latin" text NOT NULL DEFAULT '', "key_arabic" text NOT NULL DEFAULT '', "key_skeleton" text NOT NULL DEFAULT '', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_aa866e71353ee94c6cc51059c5b" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_78439691d7be6252089a241925" ON "people"  ("created_by") `);
    await queryRunner.query(`CREATE INDEX "IDX_430a27d171be4866e32bc2914c" ON "people"  ("rootspace_id", "village_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_c1257175e0d1b195a1a64fd02f" ON "people"  ("rootspace_id", "family_id") `);
    await queryRunner.query(`CREATE TABLE "parent_links" ("id" uuid NOT NULL, "parent_id" uuid NOT NULL, "child_id" uuid NOT NULL, "kind" text NOT NULL DEFAULT 'birth', "provenance" text NOT NULL DEFAULT 'COMMUNITY', "confidence" real NOT NULL DEFAULT '0.5', "created_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_4ad7e7129b95a96c007f36ef3a" CHECK ("parent_id" <> "child_id"), CONSTRAINT "PK_222960eedb6ffea31a97611369b" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_6607eac8d9b17c9fe50c2a1598" ON "parent_links"  ("child_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_446473dc74c5cf76b9b650b10d" ON "parent_links"  ("parent_id", "child_id") `);
    await queryRunner.query(`ALTER TABLE "families" ADD CONSTRAINT "FK_9e56eef14a960866d1c717ab0ce" FOREIGN KEY ("rootspace_id") REFERENCES "rootspaces"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "families" ADD CONSTRAINT "FK_c1e316081b057f9640054bc08f6" FOREIGN KEY ("village_id") REFERENCES "villages"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "people" ADD CONSTRAINT "FK_fe94d285eacd975caadaf6978a3" FOREIGN KEY ("rootspace_id") REFERENCES "rootspaces"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "people" ADD CONSTRAINT "FK_8a30de4ac7cb5b094f1bd263592" FOREIGN KEY ("registration_village_id") REFERENCES "villages"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "people" ADD CONSTRAINT "FK_d55272d2063055d3acd81d1ceea" FOREIGN KEY ("family_id") REFERENCES "families"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "people" ADD CONSTRAINT "FK_efd079428386c4ad525eb0fdb3f" FOREIGN KEY ("village_id") REFERENCES "villages"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "people" ADD CONSTRAINT "FK_e2bceeacac0dd5be3d8c37b068c" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "parent_links" ADD CONSTRAINT "FK_a99549d98d5cc5b2cbeee2412b3" FOREIGN KEY ("parent_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "parent_links" ADD CONSTRAINT "FK_6607eac8d9b17c9fe50c2a1598d" FOREIGN KEY ("child_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`CREATE INDEX "IDX_families_key_skeleton_trgm" ON "families" USING gin ("key_skeleton" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_people_key_latin_trgm" ON "people" USING gin ("key_latin" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_people_key_arabic_trgm" ON "people" USING gin ("key_arabic" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_people_key_skeleton_trgm" ON "people" USING gin ("key_skeleton" gin_trgm_ops)`);
    // The living-person rule in one place, so every query (lists, ancestors, search) applies it
    // the same way: living unless a death or burial is recorded, the birth was more than
    // 110 years ago, or a child was born more than 98 years ago (parents are 12+ years older).
    // Only children recorded by the person's own editors (or verified) count as evidence:
    // anyone else could otherwise "prove" a living stranger dead by inventing a child.
    await queryRunner.query(`CREATE FUNCTION roots_person_living(pid uuid) RETURNS boolean LANGUAGE sql STABLE AS $fn$
      SELECT NOT (
        p.is_deceased OR p.death_date_text IS NOT NULL
        OR (p.birth_date_to IS NOT NULL AND p.birth_date_to < current_date - interval '110 years')
        OR EXISTS (SELECT 1 FROM parent_links pl JOIN people c ON c.id = pl.child_id
                    WHERE pl.parent_id = p.id AND c.birth_date_to IS NOT NULL AND c.birth_date_to < current_date - interval '98 years'
                      AND (c.provenance = 'VERIFIED' OR c.created_by IN (p.created_by, p.user_id))
                      AND (pl.provenance = 'VERIFIED' OR pl.created_by IN (p.created_by, p.user_id))))
      FROM people p WHERE p.id = pid
    $fn$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION roots_person_living(uuid)`);
    await queryRunner.query(`DROP INDEX "public"."IDX_people_key_skeleton_trgm"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_people_key_arabic_trgm"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_people_key_latin_trgm"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_families_key_skeleton_trgm"`);
    await queryRunner.query(`ALTER TABLE "parent_links" DROP CONSTRAINT "FK_6607eac8d9b17c9fe50c2a1598d"`);
    await queryRunner.query(`ALTER TABLE "parent_links" DROP CONSTRAINT "FK_a99549d98d5cc5b2cbeee2412b3"`);
    await queryRunner.query(`ALTER TABLE "people" DROP CONSTRAINT "FK_e2bceeacac0dd5be3d8c37b068c"`);
    await queryRunner.query(`ALTER TABLE "people" DROP CONSTRAINT "FK_efd079428386c4ad525eb0fdb3f"`);
    await queryRunner.query(`ALTER TABLE "people" DROP CONSTRAINT "FK_d55272d2063055d3acd81d1ceea"`);
    await queryRunner.query(`ALTER TABLE "people" DROP CONSTRAINT "FK_8a30de4ac7cb5b094f1bd263592"`);
    await queryRunner.query(`ALTER TABLE "people" DROP CONSTRAINT "FK_fe94d285eacd975caadaf6978a3"`);
    await queryRunner.query(`ALTER TABLE "families" DROP CONSTRAINT "FK_c1e316081b057f9640054bc08f6"`);
    await queryRunner.query(`ALTER TABLE "families" DROP CONSTRAINT "FK_9e56eef14a960866d1c717ab0ce"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_446473dc74c5cf76b9b650b10d"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_6607eac8d9b17c9fe50c2a1598"`);
    await queryRunner.query(`DROP TABLE "parent_links"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_c1257175e0d1b195a1a64fd02f"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_430a27d171be4866e32bc2914c"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_78439691d7be6252089a241925"`);
    await queryRunner.query(`DROP TABLE "people"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_84b918e67b89c8b3da49da09e8"`);
    await queryRunner.query(`DROP TABLE "families"`);
  }
}
