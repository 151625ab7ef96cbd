import type { DataSource, EntityManager } from "typeorm";
import { isUuid } from "../../common/global-id.js";
import type { Language } from "../../common/i18n.js";
import type { Delivery, RequestState, Translation } from "./states.js";

export type Db = DataSource | EntityManager;

/** A request as stored. */
export interface RequestRow {
  id: string;
  reference: string;
  requester_id: string;
  document_type_id: string;
  state: RequestState;
  info_from: RequestState | null;
  delivery: Delivery;
  translation: Translation | null;
  legalisation: boolean;
  person_id: string | null;
  subject_living: boolean;
  subject_name_ar: string | null;
  subject_name_latin: string | null;
  father_name: string | null;
  grandfather_name: string | null;
  mother_name: string | null;
  birth_date_text: string | null;
  birth_place: string | null;
  registration_village_id: string | null;
  registration_number: string | null;
  authority: string;
  contact_email: string | null;
  contact_phone: string | null;
  contact_address: string | null;
  additional_info: string | null;
  assigned_to: string | null;
  payment_id: string | null;
  payment_reference: string | null;
  registry_reference: string | null;
  tracking_number: string | null;
  pouch_number: string | null;
  ministry_number: string | null;
  question: string | null;
  answer: string | null;
  rejection_reason: string | null;
  step_started_at: Date | null;
  step_due_on: string | null;
  reminded_on: string | null;
  submitted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface DocumentTypeRow {
  id: string;
  code: string;
  name_ar: string;
  name_en: string;
  name_fr: string;
  required_fields: string[];
  required_attachments: string[];
  government_fee_lbp: string;
  service_fee_usd: string;
  translation_fee_usd: string;
  courier_fee_usd: string;
  pouch_fee_usd: string;
  review_days: number;
  registry_days: number;
  translation_days: number;
  delivery_days: number;
  active: boolean;
  position: number;
}

export type LineKind = "government" | "service" | "translation" | "courier" | "pouch";

export interface LineRow {
  id: string;
  request_id: string;
  kind: LineKind;
  usd: string;
  lbp: string | null;
  rate_id: string | null;
  rate_per_usd: string | null;
  rate_source: string | null;
  rate_on: string | null;
  post_at: RequestState;
  hold_id: string | null;
  status: "quoted" | "held" | "posted" | "voided";
  transaction_id: string | null;
  /** USD cents refunded of a posted line. */
  refunded_usd: string;
}

export interface EventRow {
  id: string;
  request_id: string;
  at: Date;
  actor_id: string | null;
  kind: string;
  from_state: string | null;
  to_state: string | null;
  note: string | null;
  expected_on: string | null;
}

/** Columns of a request with its dates as ISO days. */
export const REQUEST_COLUMNS = `r.*, r.step_due_on::text AS step_due_on, r.reminded_on::text AS reminded_on`;
const TYPE_COLUMNS = `t.*, t.government_fee_lbp::text AS government_fee_lbp, t.service_fee_usd::text AS service_fee_usd,
  t.translation_fee_usd::text AS translation_fee_usd, t.courier_fee_usd::text AS courier_fee_usd, t.pouch_fee_usd::text AS pouch_fee_usd`;

export async function requestById(db: Db, id: string, lock = false): Promise<RequestRow | null> {
  if (!isUuid(id)) return null;
  const [row]: RequestRow[] = await db.query(
    `SELECT ${REQUEST_COLUMNS} FROM ancestry_requests r WHERE r.id = $1${lock ? " FOR UPDATE" : ""}`,
    [id],
  );
  return row ?? null;
}

export async function documentTypes(db: Db, activeOnly: boolean): Promise<DocumentTypeRow[]> {
  return db.query(
    `SELECT ${TYPE_COLUMNS} FROM ancestry_document_types t ${activeOnly ? "WHERE t.active" : ""} ORDER BY t.position, t.code`,
  );
}

export async function documentTypeById(db: Db, id: string): Promise<DocumentTypeRow | null> {
  if (!isUuid(id)) return null;
  const [row]: DocumentTypeRow[] = await db.query(`SELECT ${TYPE_COLUMNS} FROM ancestry_document_types t WHERE t.id = $1`, [id]);
  return row ?? null;
}

export async function documentTypesByIds(db: Db, ids: string[]): Promise<Map<string, DocumentTypeRow>> {
  const rows: DocumentTypeRow[] = ids.length
    ? await db.query(`SELECT ${TYPE_COLUMNS} FROM ancestry_document_types t WHERE t.id = ANY($1)`, [ids])
    : [];
  return new Map(rows.map((r) => [r.id, r]));
}

export async function linesOf(db: Db, requestIds: string[]): Promise<Map<string, LineRow[]>> {
  const rows: LineRow[] = requestIds.length
    ? await db.query(
        `SELECT l.*, l.usd::text AS usd, l.lbp::text AS lbp, l.rate_on::text AS rate_on FROM ancestry_request_lines l
          WHERE l.request_id = ANY($1) ORDER BY l.request_id, array_position(ARRAY['government','service','translation','courier','pouch'], l.kind)`,
        [requestIds],
      )
    : [];
  const out = new Map<string, LineRow[]>();
  for (const r of rows) out.set(r.request_id, [...(out.get(r.request_id) ?? []), r]);
  return out;
}

export async function eventsOf(db: Db, requestId: string): Promise<EventRow[]> {
  return db.query(
    `SELECT e.*, e.expected_on::text AS expected_on FROM ancestry_request_events e WHERE e.request_id = $1 ORDER BY e.at, e.id`,
    [requestId],
  );
}

export async function addEvent(
  tx: EntityManager,
  e: {
    id: string;
    requestId: string;
    at: Date;
    actorId: string | null;
    kind: string;
    from?: string | null;
    to?: string | null;
    note?: string | null;
    expectedOn?: string | null;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO ancestry_request_events (id, request_id, at, actor_id, kind, from_state, to_state, note, expected_on) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [e.id, e.requestId, e.at, e.actorId, e.kind, e.from ?? null, e.to ?? null, e.note ?? null, e.expectedOn ?? null],
  );
}

/** A document type's name in the reader's language. */
export const typeName = (t: Pick<DocumentTypeRow, "name_ar" | "name_en" | "name_fr">, language: Language): string =>
  language === "ar" ? t.name_ar : language === "fr" ? t.name_fr : t.name_en;

/** Names of members (officers on the desk), by id. */
export async function memberNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  const rows: { id: string; display_name: string }[] = ids.length
    ? await db.query(`SELECT id, display_name FROM users WHERE id = ANY($1)`, [ids])
    : [];
  return new Map(rows.map((r) => [r.id, r.display_name]));
}

export const FILE_KINDS = ["authority", "scan"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export interface FileRow {
  id: string;
  request_id: string;
  kind: FileKind;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  uploaded_by: string | null;
  created_at: Date;
  attached_at: Date | null;
}

export async function filesOf(db: Db, requestIds: string[]): Promise<Map<string, FileRow[]>> {
  const rows: FileRow[] = requestIds.length
    ? await db.query(`SELECT * FROM ancestry_request_files WHERE request_id = ANY($1) ORDER BY created_at, id`, [requestIds])
    : [];
  const out = new Map<string, FileRow[]>();
  for (const f of rows) out.set(f.request_id, [...(out.get(f.request_id) ?? []), f]);
  return out;
}

export const hasFile = async (db: Db, requestId: string, kind: FileKind): Promise<boolean> =>
  (await db.query(`SELECT 1 FROM ancestry_request_files WHERE request_id = $1 AND kind = $2 LIMIT 1`, [requestId, kind])).length > 0;
