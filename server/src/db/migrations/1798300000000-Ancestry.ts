import type { MigrationInterface, QueryRunner } from "typeorm";
import { newId } from "../../common/uuid.js";
import { holidayNames, holidaysOf } from "../../modules/ancestry/holidays.js";

/** The document types Roots starts with (staff edit them at /management/ancestry). Fees: LBP in piastres (×100), USD in cents. */
const TYPES = [
  ["individual_extract", "إخراج قيد فردي", "Individual civil extract", "Extrait d’état civil individuel", 5_000_000, 2500],
  ["family_extract", "إخراج قيد عائلي", "Family civil extract", "Extrait d’état civil familial", 7_500_000, 3000],
  ["birth_certificate", "وثيقة ولادة", "Birth certificate", "Acte de naissance", 5_000_000, 2500],
  ["marriage_certificate", "وثيقة زواج", "Marriage certificate", "Acte de mariage", 5_000_000, 3000],
  ["death_certificate", "وثيقة وفاة", "Death certificate", "Acte de décès", 5_000_000, 2500],
  ["church_record", "سجل كنسي", "Church record", "Registre paroissial", 0, 4000],
  ["religious_court_record", "سجل محكمة شرعية أو مذهبية", "Religious court record", "Registre du tribunal religieux", 10_000_000, 4500],
] as const;

/**
 * Ancestry documents (modules/ancestry): the document types staff keep (names and required
 * fields in ar/en/fr, fees per line, business days per step), members' requests and their
 * fee lines (one money hold each), the timeline of each request, and Lebanon's public holidays
 * (the business-day calendar), seeded for 2026 and 2027: fixed days, both Easters, and the
 * Islamic ones from the Umm al-Qura calendar flagged "to confirm".
 */
export class Ancestry1798300000000 implements MigrationInterface {
  name = "Ancestry1798300000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "ancestry_document_types" (
      "id" uuid NOT NULL,
      "code" text NOT NULL CHECK ("code" ~ '^[a-z][a-z_]*$'),
      "name_ar" text NOT NULL,
      "name_en" text NOT NULL,
      "name_fr" text NOT NULL,
      "required_fields" text[] NOT NULL DEFAULT '{}',
      "required_attachments" text[] NOT NULL DEFAULT '{}',
      "government_fee_lbp" bigint NOT NULL DEFAULT 0 CHECK ("government_fee_lbp" >= 0),
      "service_fee_usd" bigint NOT NULL DEFAULT 0 CHECK ("service_fee_usd" >= 0),
      "translation_fee_usd" bigint NOT NULL DEFAULT 0 CHECK ("translation_fee_usd" >= 0),
      "courier_fee_usd" bigint NOT NULL DEFAULT 0 CHECK ("courier_fee_usd" >= 0),
      "pouch_fee_usd" bigint NOT NULL DEFAULT 0 CHECK ("pouch_fee_usd" >= 0),
      "review_days" integer NOT NULL DEFAULT 2 CHECK ("review_days" BETWEEN 0 AND 60),
      "registry_days" integer NOT NULL DEFAULT 10 CHECK ("registry_days" BETWEEN 0 AND 60),
      "translation_days" integer NOT NULL DEFAULT 3 CHECK ("translation_days" BETWEEN 0 AND 60),
      "delivery_days" integer NOT NULL DEFAULT 5 CHECK ("delivery_days" BETWEEN 0 AND 60),
      "active" boolean NOT NULL DEFAULT true,
      "position" integer NOT NULL DEFAULT 0,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_by" uuid,
      CONSTRAINT "PK_ancestry_document_types" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_ancestry_document_types_code" UNIQUE ("code"))`);
    await q.query(`CREATE TABLE "ancestry_requests" (
      "id" uuid NOT NULL,
      "reference" text NOT NULL,
      "requester_id" uuid NOT NULL,
      "document_type_id" uuid NOT NULL,
      "state" text NOT NULL DEFAULT 'draft' CHECK ("state" IN ('draft', 'awaiting_payment', 'in_review', 'needs_information',
        'at_registry', 'issued', 'translating', 'shipped', 'in_pouch', 'at_embassy', 'delivered', 'rejected', 'cancelled')),
      "info_from" text,
      "delivery" text NOT NULL DEFAULT 'digital' CHECK ("delivery" IN ('digital', 'courier', 'pouch')),
      "translation" text CHECK ("translation" IN ('en', 'fr')),
      "legalisation" boolean NOT NULL DEFAULT false,
      "person_id" uuid,
      "subject_living" boolean NOT NULL DEFAULT true,
      "subject_name_ar" text,
      "subject_name_latin" text,
      "father_name" text,
      "grandfather_name" text,
      "mother_name" text,
      "birth_date_text" text,
      "birth_place" text,
      "registration_village_id" uuid,
      "registration_number" text,
      "authority" text NOT NULL DEFAULT 'self' CHECK ("authority" IN ('self', 'first_degree', 'descendant', 'power_of_attorney')),
      "contact_email" text,
      "contact_phone" text,
      "contact_address" text,
      "additional_info" text,
      "assigned_to" uuid,
      "payment_id" uuid,
      "payment_reference" text,
      "registry_reference" text,
      "tracking_number" text,
      "pouch_number" text,
      "ministry_number" text,
      "question" text,
      "answer" text,
      "rejection_reason" text,
      "step_started_at" TIMESTAMP WITH TIME ZONE,
      "step_due_on" date,
      "reminded_on" date,
      "submitted_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_ancestry_requests" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_ancestry_requests_reference" UNIQUE ("reference"),
      CONSTRAINT "FK_ancestry_requests_requester" FOREIGN KEY ("requester_id") REFERENCES "users" ("id") ON DELETE CASCADE,
      CONSTRAINT "FK_ancestry_requests_officer" FOREIGN KEY ("assigned_to") REFERENCES "users" ("id") ON DELETE SET NULL,
      CONSTRAINT "FK_ancestry_requests_type" FOREIGN KEY ("document_type_id") REFERENCES "ancestry_document_types" ("id"),
      CONSTRAINT "FK_ancestry_requests_person" FOREIGN KEY ("person_id") REFERENCES "people" ("id") ON DELETE SET NULL,
      CONSTRAINT "FK_ancestry_requests_village" FOREIGN KEY ("registration_village_id") REFERENCES "villages" ("id") ON DELETE SET NULL)`);
    await q.query(`CREATE INDEX "IDX_ancestry_requests_requester" ON "ancestry_requests" ("requester_id", "created_at" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX "IDX_ancestry_requests_desk" ON "ancestry_requests" ("submitted_at", "id") WHERE "submitted_at" IS NOT NULL`);
    await q.query(`CREATE INDEX "IDX_ancestry_requests_officer" ON "ancestry_requests" ("assigned_to") WHERE "assigned_to" IS NOT NULL`);
    await q.query(`CREATE INDEX "IDX_ancestry_requests_person" ON "ancestry_requests" ("person_id") WHERE "person_id" IS NOT NULL`);
    await q.query(`CREATE INDEX "IDX_ancestry_requests_village" ON "ancestry_requests" ("registration_village_id") WHERE "registration_village_id" IS NOT NULL`);
    await q.query(`CREATE TABLE "ancestry_request_lines" (
      "id" uuid NOT NULL,
      "request_id" uuid NOT NULL,
      "kind" text NOT NULL CHECK ("kind" IN ('government', 'service', 'translation', 'courier', 'pouch')),
      "usd" bigint NOT NULL CHECK ("usd" >= 0),
      "lbp" bigint,
      "rate_id" uuid,
      "rate_per_usd" text,
      "rate_source" text,
      "rate_on" date,
      "post_at" text NOT NULL,
      "hold_id" uuid,
      "status" text NOT NULL DEFAULT 'quoted' CHECK ("status" IN ('quoted', 'held', 'posted', 'voided')),
      "transaction_id" uuid,
      CONSTRAINT "PK_ancestry_request_lines" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_ancestry_request_lines_kind" UNIQUE ("request_id", "kind"),
      CONSTRAINT "FK_ancestry_request_lines_request" FOREIGN KEY ("request_id") REFERENCES "ancestry_requests" ("id") ON DELETE CASCADE)`);
    await q.query(`CREATE TABLE "ancestry_request_events" (
      "id" uuid NOT NULL,
      "request_id" uuid NOT NULL,
      "at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "actor_id" uuid,
      "kind" text NOT NULL CHECK ("kind" IN ('state', 'claimed', 'assigned', 'question', 'answer', 'reminder')),
      "from_state" text,
      "to_state" text,
      "note" text,
      "expected_on" date,
      CONSTRAINT "PK_ancestry_request_events" PRIMARY KEY ("id"),
      CONSTRAINT "FK_ancestry_request_events_request" FOREIGN KEY ("request_id") REFERENCES "ancestry_requests" ("id") ON DELETE CASCADE,
      CONSTRAINT "FK_ancestry_request_events_actor" FOREIGN KEY ("actor_id") REFERENCES "users" ("id") ON DELETE SET NULL)`);
    await q.query(`CREATE INDEX "IDX_ancestry_request_events_request" ON "ancestry_request_events" ("request_id", "at", "id")`);
    await q.query(`CREATE TABLE "public_holidays" (
      "id" uuid NOT NULL,
      "day" date NOT NULL,
      "code" text NOT NULL CHECK ("code" ~ '^[a-z][a-z0-9_]*$'),
      "name_ar" text NOT NULL,
      "name_en" text NOT NULL,
      "name_fr" text NOT NULL,
      "to_confirm" boolean NOT NULL DEFAULT false,
      "updated_by" uuid,
      CONSTRAINT "PK_public_holidays" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_public_holidays_code_day" UNIQUE ("code", "day"))`);
    await q.query(`CREATE INDEX "IDX_public_holidays_day" ON "public_holidays" ("day")`);
    for (const [i, [code, ar, en, fr, lbp, usd]] of TYPES.entries())
      await q.query(
        `INSERT INTO ancestry_document_types (id, code, name_ar, name_en, name_fr, required_fields, government_fee_lbp, service_fee_usd,
           translation_fee_usd, courier_fee_usd, pouch_fee_usd, position)
         VALUES ($9, $1, $2, $3, $4, $5, $6, $7, 3500, 6000, 1500, $8)`,
        [code, ar, en, fr, ["subjectNameAr", "fatherName", "motherName", "registrationVillage", "registrationNumber"], lbp, usd, i, newId()],
      );
    for (const year of [2026, 2027])
      for (const h of holidaysOf(year)) {
        const n = holidayNames(h.code);
        await q.query(
          `INSERT INTO public_holidays (id, day, code, name_ar, name_en, name_fr, to_confirm) VALUES ($7, $1, $2, $3, $4, $5, $6)`,
          [h.day, h.code, n.ar, n.en, n.fr, h.toConfirm, newId()],
        );
      }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ["public_holidays", "ancestry_request_events", "ancestry_request_lines", "ancestry_requests", "ancestry_document_types"])
      await q.query(`DROP TABLE "${table}"`);
  }
}
