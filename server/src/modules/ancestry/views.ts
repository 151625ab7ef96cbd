import { viewerCan } from "../../common/auth/policy.js";
import { memberOf } from "../../common/auth/principal.js";
import type { Context } from "../../common/context.js";
import { toGlobalId } from "../../common/global-id.js";
import { businessDaysBetween, dayInBeirut } from "./business-days.js";
import { daysToDelivery, expectedRange, holidayDays, type HolidayRow } from "./calendar.service.js";
import { documentRequestPolicy, seesDetails } from "./ancestry.policy.js";
import {
  DocumentFileView,
  DocumentRequestDetails,
  DocumentRequestView,
  DocumentRequestViewerCan,
  DocumentTypeView,
  FeeLineView,
  PublicHolidayView,
  RequestEventView,
} from "./ancestry.types.js";
import { policyRow } from "./desk.service.js";
import { fileLink } from "./files.service.js";
import { signingKey } from "../../common/signed-links.js";
import {
  documentTypesByIds,
  eventsOf,
  filesOf,
  linesOf,
  memberNames,
  typeName,
  type DocumentTypeRow,
  type EventRow,
  type FileRow,
  type LineRow,
  type RequestRow,
} from "./requests.store.js";
import { isFinal, officerMoves } from "./states.js";

export function typeView(t: DocumentTypeRow, ctx: Pick<Context, "language">): DocumentTypeView {
  return Object.assign(new DocumentTypeView(), {
    id: toGlobalId("DocumentType", t.id),
    code: t.code,
    name: typeName(t, ctx.language),
    nameAr: t.name_ar,
    nameEn: t.name_en,
    nameFr: t.name_fr,
    requiredFields: t.required_fields,
    requiredAttachments: t.required_attachments,
    governmentFeeLbp: t.government_fee_lbp,
    serviceFeeUsd: t.service_fee_usd,
    translationFeeUsd: t.translation_fee_usd,
    courierFeeUsd: t.courier_fee_usd,
    pouchFeeUsd: t.pouch_fee_usd,
    reviewDays: t.review_days,
    registryDays: t.registry_days,
    translationDays: t.translation_days,
    deliveryDays: t.delivery_days,
    active: t.active,
  });
}

const lineView = (l: LineRow): FeeLineView =>
  Object.assign(new FeeLineView(), {
    id: toGlobalId("DocumentFeeLine", l.id),
    kind: l.kind,
    usd: l.usd,
    lbp: l.lbp,
    ratePerUsd: l.rate_per_usd,
    rateSource: l.rate_source,
    rateOn: l.rate_on,
    status: l.status,
    refundedUsd: l.refunded_usd,
  });

const fileView = (f: FileRow, url: string | null): DocumentFileView =>
  Object.assign(new DocumentFileView(), {
    id: toGlobalId("DocumentFile", f.id),
    kind: f.kind,
    name: f.name,
    mime: f.mime,
    size: f.size,
    createdAt: f.created_at,
    attachedAt: f.attached_at,
    url,
  });

const eventView = (e: EventRow): RequestEventView =>
  Object.assign(new RequestEventView(), {
    id: e.id,
    at: e.at,
    kind: e.kind,
    fromState: e.from_state,
    toState: e.to_state,
    note: e.note,
    expectedOn: e.expected_on,
  });

export const holidayView = (h: HolidayRow, ctx: Pick<Context, "language">): PublicHolidayView =>
  Object.assign(new PublicHolidayView(), {
    id: h.id,
    day: h.day,
    code: h.code,
    name: ctx.language === "ar" ? h.name_ar : ctx.language === "fr" ? h.name_fr : h.name_en,
    nameAr: h.name_ar,
    nameEn: h.name_en,
    nameFr: h.name_fr,
    toConfirm: h.to_confirm,
  });

function detailsView(r: RequestRow, villageName: string | null): DocumentRequestDetails {
  return Object.assign(new DocumentRequestDetails(), {
    personId: r.person_id ? toGlobalId("Person", r.person_id) : null,
    subjectLiving: r.subject_living,
    subjectNameAr: r.subject_name_ar,
    subjectNameLatin: r.subject_name_latin,
    fatherName: r.father_name,
    grandfatherName: r.grandfather_name,
    motherName: r.mother_name,
    birthDate: r.birth_date_text,
    birthPlace: r.birth_place,
    registrationVillageId: r.registration_village_id ? toGlobalId("Village", r.registration_village_id) : null,
    registrationVillageName: villageName,
    registrationNumber: r.registration_number,
    authority: r.authority,
    contactEmail: r.contact_email,
    contactPhone: r.contact_phone,
    contactAddress: r.contact_address,
    additionalInfo: r.additional_info,
  });
}

/** A registration village's names, for `registrationVillageName` in the reader's language. */
export interface VillageNames {
  id: string;
  name: string;
  name_ar: string | null;
  name_fr: string | null;
}

/** What the views of a set of requests read besides the requests: each looked up once for the set. */
export interface ViewLookups {
  types: ReadonlyMap<string, DocumentTypeRow>;
  lines: ReadonlyMap<string, LineRow[]>;
  /** Officers' display names, by id. */
  names: ReadonlyMap<string, string>;
  holidays: ReadonlySet<string>;
  villages: readonly VillageNames[];
  /** The timeline, for a single request's view (else empty). */
  events: readonly EventRow[];
  files: ReadonlyMap<string, FileRow[]>;
  /** The link-signing key. */
  key: Buffer;
}

/**
 * Requests as the viewer may see them, in one pass: types, lines, officers' names, villages and
 * payment references in a query each (events only for a single request, its timeline). A living
 * subject's details are null ("Private") for whoever `seesDetails` refuses. The desk reads the
 * same in its page's statement (desk.list.ts) and builds them with `viewsOf`.
 */
export async function requestViews(ctx: Context, rows: RequestRow[], withEvents: boolean): Promise<DocumentRequestView[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const villageIds = [...new Set(rows.map((r) => r.registration_village_id).filter((v): v is string => !!v))];
  const [types, lines, names, holidays, villages, events, files, key] = await Promise.all([
    documentTypesByIds(ctx.ds, [...new Set(rows.map((r) => r.document_type_id))]),
    linesOf(ctx.ds, ids),
    memberNames(ctx.ds, [...new Set(rows.map((r) => r.assigned_to).filter((v): v is string => !!v))]),
    holidayDays(ctx.ds),
    villageIds.length
      ? (ctx.ds.query(`SELECT id, name, name_ar, name_fr FROM villages WHERE id = ANY($1)`, [villageIds]) as Promise<VillageNames[]>)
      : [],
    withEvents && rows.length === 1 ? eventsOf(ctx.ds, rows[0].id) : Promise.resolve([] as EventRow[]),
    filesOf(ctx.ds, ids),
    signingKey(ctx.ds, ctx.config),
  ]);
  return viewsOf(ctx, rows, { types, lines, names, holidays, villages, events, files, key });
}

/** The views of `rows` from what they read (`ViewLookups`); no database work. */
export function viewsOf(ctx: Context, rows: readonly RequestRow[], lookups: ViewLookups): DocumentRequestView[] {
  const { types, lines, names, holidays, villages, files, key } = lookups;
  const events = lookups.events.map(eventView);
  const nowMs = ctx.clock.now().getTime();
  const villageName = new Map(
    villages.map((v) => [v.id, (ctx.language === "ar" ? v.name_ar : ctx.language === "fr" ? v.name_fr : null) ?? v.name]),
  );
  const today = dayInBeirut(ctx.clock.now());
  const uid = memberOf(ctx.principal)?.userId ?? null;
  // One view of each document type for the page (a type is shared by many requests).
  const typeViews = new Map<string, DocumentTypeView>();
  const typeViewOf = (t: DocumentTypeRow) => {
    let v = typeViews.get(t.id);
    if (!v) typeViews.set(t.id, (v = typeView(t, ctx)));
    return v;
  };
  return rows.map((r) => {
    const t = types.get(r.document_type_id)!;
    const pr = policyRow(r);
    const shown = seesDetails(ctx.principal, pr);
    const own = lines.get(r.id) ?? [];
    const ownFiles = files.get(r.id) ?? [];
    const can = viewerCan(documentRequestPolicy, ctx.principal, pr);
    // The scan joins the person's sources once.
    can.attach &&= ownFiles.some((f) => f.kind === "scan" && !f.attached_at);
    can.refund &&= own.some((l) => l.status === "posted" && BigInt(l.refunded_usd) < BigInt(l.usd));
    const start = r.step_started_at ? dayInBeirut(r.step_started_at) : today;
    const range = isFinal(r.state)
      ? null
      : expectedRange(start, daysToDelivery(r.state === "draft" ? "in_review" : r.state, pr, t), holidays);
    return Object.assign(new DocumentRequestView(), {
      id: toGlobalId("DocumentRequest", r.id),
      reference: r.reference,
      state: r.state,
      delivery: r.delivery,
      translation: r.translation,
      legalisation: r.legalisation,
      documentType: typeViewOf(t),
      isPrivate: !shown,
      details: shown ? detailsView(r, r.registration_village_id ? (villageName.get(r.registration_village_id) ?? null) : null) : null,
      lines: own.map(lineView),
      totalUsd: own
        .filter((l) => l.status !== "voided")
        .reduce((n, l) => n + BigInt(l.usd), 0n)
        .toString(),
      paymentReference: r.state === "awaiting_payment" ? r.payment_reference : null,
      question: r.state === "needs_information" ? r.question : null,
      rejectionReason: r.rejection_reason,
      registryReference: r.registry_reference,
      trackingNumber: r.tracking_number,
      pouchNumber: r.pouch_number,
      ministryNumber: r.ministry_number,
      expectedFrom: range?.from ?? null,
      expectedTo: range?.to ?? null,
      stepDueOn: r.step_due_on,
      overdueDays: r.step_due_on && r.step_due_on < today ? businessDaysBetween(r.step_due_on, today, holidays) : 0,
      assignedToName: r.assigned_to ? (names.get(r.assigned_to) ?? null) : null,
      assignedToViewer: uid != null && r.assigned_to === uid,
      nextStates: documentRequestPolicy.can(ctx.principal, "work", pr) ? officerMoves(r.state, pr) : [],
      events,
      // Files say who the record is about: links only for those who see the details.
      files: ownFiles.map((f) => fileView(f, shown ? fileLink(key, f.id, nowMs) : null)),
      viewerCan: Object.assign(new DocumentRequestViewerCan(), can),
      submittedAt: r.submitted_at,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    });
  });
}
