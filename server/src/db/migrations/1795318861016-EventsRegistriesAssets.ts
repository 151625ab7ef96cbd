import type { MigrationInterface, QueryRunner } from "typeorm";

export class EventsRegistriesAssets1795318861016 implements MigrationInterface {
  name = "EventsRegistriesAssets1795318861016";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "assets" ("id" uuid NOT NULL, "type" text NOT NULL, "village_id" uuid NOT NULL, "owner_id" uuid, "name" text NOT NULL, "name_ar" text, "name_fr" text, "description" text, "description_ar" text, "description_fr" text, "latitude" double precision, "longitude" double precision, "sources" text, "provenance" text NOT NULL DEFAULT 'COMMUNITY', "confidence" real NOT NULL DEFAULT '0.5', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_da96729a8b113377cfb6a62439c" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_d930e9e3be3a865ad643867b56" ON "assets"  ("village_id", "type") `);
    await queryRunner.query(`CREATE TABLE "events" ("id" uuid NOT NULL, "type" text NOT NULL, "date_text" text, "date_qualifier" text, "date_from" date, "date_to" date, "place" text, "primary_person_id" uuid, "secondary_person_id" uuid, "family_ids" uuid array NOT NULL DEFAULT '{}', "village_ids" uuid array NOT NULL DEFAULT '{}', "title" text, "title_ar" text, "title_fr" text, "description" text, "description_ar" text, "description_fr" text, "sources" text, "provenance" text NOT NULL DEFAULT 'COMMUNITY', "confidence" real NOT NULL DEFAULT '0.5', "created_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_40731c7151fe4be3116e45ddf73" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_473348e7d989a2a5a05d71e2cc" ON "events"  ("secondary_person_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_94a86ad28f861bcc2a4034f7cb" ON "events"  ("primary_person_id") `);
    await queryRunner.query(`CREATE TABLE "registries" ("id" uuid NOT NULL, "type" text NOT NULL, "village_id" uuid NOT NULL, "title" text, "title_ar" text, "title_fr" text, "created_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_414eba74fdd10096bfda34f495f" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_b9e46993d41466a63665e4db95" ON "registries"  ("village_id", "type") `);
    await queryRunner.query(`CREATE TABLE "registry_entries" ("id" uuid NOT NULL, "registry_id" uuid NOT NULL, "person_id" uuid NOT NULL, "destination_country" character(2) NOT NULL, "departure_year" integer, "notes" text, "sources" text, "provenance" text NOT NULL DEFAULT 'COMMUNITY', "confidence" real NOT NULL DEFAULT '0.5', "created_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_463bdca74efab3e4b636f900d4" CHECK ("destination_country" ~ '^[A-Z]{2}$'), CONSTRAINT "PK_6a5b6dbbb7ded79810b7d86e097" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_3b1d17c5bfdde561349881b3b1" ON "registry_entries"  ("person_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_c67fcedffc1dab180c28a97515" ON "registry_entries"  ("registry_id", "destination_country") `);
    await queryRunner.query(`ALTER TABLE "assets" ADD CONSTRAINT "FK_7c3efc4c463da6877078026d96e" FOREIGN KEY ("village_id") REFERENCES "villages"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "assets" ADD CONSTRAINT "FK_268ee4a94af296a97d3508bd381" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "events" ADD CONSTRAINT "FK_94a86ad28f861bcc2a4034f7cbf" FOREIGN KEY ("primary_person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "events" ADD CONSTRAINT "FK_473348e7d989a2a5a05d71e2cc4" FOREIGN KEY ("secondary_person_id") REFERENCES "people"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "registries" ADD CONSTRAINT "FK_ece03a5a2110c8e0bafdccbc0ec" FOREIGN KEY ("village_id") REFERENCES "villages"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "registry_entries" ADD CONSTRAINT "FK_bf490d1c41234e47530c7dd1b72" FOREIGN KEY ("registry_id") REFERENCES "registries"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "registry_entries" ADD CONSTRAINT "FK_3b1d17c5bfdde561349881b3b10" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    // Hand-written: events are found by village and family (`= ANY(village_ids)`, `&&`).
    await queryRunner.query(`CREATE INDEX "IDX_events_village_ids" ON "events" USING gin ("village_ids")`);
    await queryRunner.query(`CREATE INDEX "IDX_events_family_ids" ON "events" USING gin ("family_ids")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_events_family_ids"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_events_village_ids"`);
    await queryRunner.query(`ALTER TABLE "registry_entries" DROP CONSTRAINT "FK_3b1d17c5bfdde561349881b3b10"`);
    await queryRunner.query(`ALTER TABLE "registry_entries" DROP CONSTRAINT "FK_bf490d1c41234e47530c7dd1b72"`);
    await queryRunner.query(`ALTER TABLE "registries" DROP CONSTRAINT "FK_ece03a5a2110c8e0bafdccbc0ec"`);
    await queryRunner.query(`ALTER TABLE "events" DROP CONSTRAINT "FK_473348e7d989a2a5a05d71e2cc4"`);
    await queryRunner.query(`ALTER TABLE "events" DROP CONSTRAINT "FK_94a86ad28f861bcc2a4034f7cbf"`);
    await queryRunner.query(`ALTER TABLE "assets" DROP CONSTRAINT "FK_268ee4a94af296a97d3508bd381"`);
    await queryRunner.query(`ALTER TABLE "assets" DROP CONSTRAINT "FK_7c3efc4c463da6877078026d96e"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_c67fcedffc1dab180c28a97515"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_3b1d17c5bfdde561349881b3b1"`);
    await queryRunner.query(`DROP TABLE "registry_entries"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_b9e46993d41466a63665e4db95"`);
    await queryRunner.query(`DROP TABLE "registries"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_94a86ad28f861bcc2a4034f7cb"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_473348e7d989a2a5a05d71e2cc"`);
    await queryRunner.query(`DROP TABLE "events"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_d930e9e3be3a865ad643867b56"`);
    await queryRunner.query(`DROP TABLE "assets"`);
  }
}
