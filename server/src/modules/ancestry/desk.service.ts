import type { EntityManager } from "typeorm";
import { activeRoles, hasAnyRole, Role } from "../../common/auth/roles.js";
import type { Context } from "../../common/context.js";
import { notFound } from "../../common/errors.js";
import { newId } from "../../common/uuid.js";
import { audit } from "../audit/index.js";
import { ancestryConflict, ancestryError, ancestryForbidden } from "./ancestry.errors.js";
import { documentRequestPolicy, isDeskStaff, mayReadRequest, type RequestPolicyRow } from "./ancestry.policy.js";
import type { MoveDocumentRequestInput } from "./ancestry.inputs.js";
import { postLinesAt, voidLines } from "./fees.service.js";
import { statusChanged, tell } from "./notifications.js";
import { rawIdOf } from "./request-input.js";
import { enterState, moneyDepsOf } from "./requests.service.js";
import { addEvent, documentTypeById, hasFile, linesOf, requestById, type RequestRow } from "./requests.store.js";
import { isState, moverOf } from "./states.js";

/** The columns the rules read (not a copy of the whole row: the desk makes one per request of a page). */
export const policyRow = (r: RequestRow): RequestPolicyRow => ({
  requester_id: r.requester_id,
  assigned_to: r.assigned_to,
  state: r.state,
  subject_living: r.subject_living,
  submitted_at: r.submitted_at,
  person_id: r.person_id,
  delivery: r.delivery,
  translation: r.translation,
  infoFrom: r.info_from,
});

/** A submitted request the desk may reach, locked; NOT_FOUND otherwise. */
async function deskRequest(tx: EntityManager, ctx: Context, id: string): Promise<RequestRow> {
  const raw = rawIdOf(id, "DocumentRequest");
  const r = raw ? await requestById(tx, raw, true) : null;
  if (!r || !mayReadRequest(ctx.principal, r) || !isDeskStaff(ctx.principal)) throw notFound();
  return r;
}

/** Refused unless the viewer is the request's officer (admins work any): moderators reassign, they do not act on another's. */
function mustWork(ctx: Context, r: RequestRow): void {
  if (!documentRequestPolicy.can(ctx.principal, "work", policyRow(r))) throw ancestryForbidden("ancestry.errors.not_yours");
}

/** Takes an unclaimed request. Two officers at once: one UPDATE wins, the other is told it is taken. */
export async function claim(ctx: Context, id: string): Promise<string> {
  const me = ctx.viewer.userId!;
  return ctx.ds.transaction(async (tx) => {
    const raw = rawIdOf(id, "DocumentRequest");
    const before = raw ? await requestById(tx, raw) : null;
    if (!before || !mayReadRequest(ctx.principal, before)) throw notFound();
    // An UPDATE answers [rows, count] through TypeORM.
    const [, won]: [unknown, number] = await tx.query(
      `UPDATE ancestry_requests SET assigned_to = $2, updated_at = $3
        WHERE id = $1 AND assigned_to IS NULL AND submitted_at IS NOT NULL AND state NOT IN ('delivered', 'rejected', 'cancelled')`,
      [before.id, me, ctx.clock.now()],
    );
    if (won !== 1) throw ancestryConflict("ancestry.errors.taken");
    await addEvent(tx, { id: newId(), requestId: before.id, at: ctx.clock.now(), actorId: me, kind: "claimed" });
    await audit(tx, { tableName: "ancestry_requests", recordId: before.id, userId: me, action: "claim", after: { assignedTo: me } });
    return before.id;
  });
}

/** Who works the desk now (a grant not expired): document officers, moderators and admins, by name. */
export function deskOfficers(ctx: Context): Promise<{ id: string; display_name: string }[]> {
  return ctx.ds.query(
    `SELECT u.id, u.display_name FROM users u
      WHERE EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = ANY($1) AND (r.expires_at IS NULL OR r.expires_at > $2))
      ORDER BY u.display_name, u.id LIMIT 500`,
    [[Role.DOCUMENT_OFFICER, Role.MODERATOR, Role.ADMIN], ctx.clock.now()],
  );
}

/** Moderators and admins give a request to an officer (one who may work the desk). */
export async function assign(ctx: Context, id: string, officerId: string): Promise<string> {
  const me = ctx.viewer.userId!;
  const officer = rawIdOf(officerId, "Member") ?? rawIdOf(officerId, "User");
  return ctx.ds.transaction(async (tx) => {
    const r = await deskRequest(tx, ctx, id);
    if (!documentRequestPolicy.can(ctx.principal, "assign", policyRow(r))) throw ancestryForbidden("ancestry.errors.not_yours");
    const grants: { role: Role; expires_at: Date | null }[] = officer
      ? await tx.query(`SELECT role, expires_at FROM user_roles WHERE user_id = $1`, [officer])
      : [];
    const roles = activeRoles(
      grants.map((g) => ({ role: g.role, expiresAt: g.expires_at })),
      ctx.clock.now(),
    );
    if (!officer || !hasAnyRole(roles, [Role.DOCUMENT_OFFICER, Role.MODERATOR]))
      throw ancestryError("ancestry.errors.officer", "officerId");
    await tx.query(`UPDATE ancestry_requests SET assigned_to = $2, updated_at = $3 WHERE id = $1`, [r.id, officer, ctx.clock.now()]);
    await addEvent(tx, { id: newId(), requestId: r.id, at: ctx.clock.now(), actorId: me, kind: "assigned" });
    await audit(tx, {
      tableName: "ancestry_requests",
      recordId: r.id,
      userId: me,
      action: "assign",
      before: { assignedTo: r.assigned_to },
      after: { assignedTo: officer },
    });
    return r.id;
  });
}

const ref = (v: string | null | undefined, field: string): string | null => {
  const s = typeof v === "string" ? v.trim() : "";
  if (!s) return null;
  if (s.length > 60 || !/^[\p{L}\p{N} ./_-]+$/u.test(s)) throw ancestryError("ancestry.errors.reference", field);
  return s;
};

/**
 * The officer moves a request one step along its path (`canMove`), with what the step records:
 * the registry's reference, a tracking number, the pouch's and ministry's numbers, a reason to
 * reject. The fees due at the new step are posted; a rejection voids the rest.
 */
export async function move(ctx: Context, input: MoveDocumentRequestInput): Promise<string> {
  const me = ctx.viewer.userId!;
  const r = await ctx.ds.transaction(async (tx) => {
    const r = await deskRequest(tx, ctx, input.id);
    mustWork(ctx, r);
    const to = input.to;
    if (!isState(to) || to === "needs_information" || moverOf(r.state, to, policyRow(r)) !== "officer")
      throw ancestryError("ancestry.errors.off_path", "to");
    const note = typeof input.note === "string" && input.note.trim() ? input.note.trim().slice(0, 2000) : null;
    if (to === "rejected" && !note) throw ancestryError("ancestry.errors.reason", "note");
    const registry = ref(input.registryReference, "registryReference");
    const tracking = ref(input.trackingNumber, "trackingNumber");
    const pouch = ref(input.pouchNumber, "pouchNumber");
    const ministry = ref(input.ministryNumber, "ministryNumber");
    if (to === "shipped" && !tracking) throw ancestryError("ancestry.errors.required", "trackingNumber");
    // A digital delivery is the scan: the document is delivered once one is uploaded.
    if (to === "delivered" && r.delivery === "digital" && !(await hasFile(tx, r.id, "scan")))
      throw ancestryError("ancestry.errors.scan_required", "to");
    if (to === "in_pouch" && (!pouch || !ministry))
      throw ancestryError("ancestry.errors.required", pouch ? "ministryNumber" : "pouchNumber");
    await tx.query(
      `UPDATE ancestry_requests SET registry_reference = COALESCE($2, registry_reference), tracking_number = COALESCE($3, tracking_number),
         pouch_number = COALESCE($4, pouch_number), ministry_number = COALESCE($5, ministry_number),
         rejection_reason = CASE WHEN $6::text IS NOT NULL THEN $6 ELSE rejection_reason END WHERE id = $1`,
      [r.id, registry, tracking, pouch, ministry, to === "rejected" ? note : null],
    );
    const lines = (await linesOf(tx, [r.id])).get(r.id) ?? [];
    if (to === "rejected") await voidLines(tx, moneyDepsOf(ctx), lines, me);
    else await postLinesAt(tx, moneyDepsOf(ctx), lines, to, me);
    const type = (await documentTypeById(tx, r.document_type_id))!;
    await enterState(tx, ctx, r, type, to, me, { note: note ?? registry ?? tracking ?? pouch });
    await audit(tx, {
      tableName: "ancestry_requests",
      recordId: r.id,
      userId: me,
      action: "move",
      before: { state: r.state },
      after: { state: to, registry, tracking, pouch, ministry, note },
    });
    return { ...r, state: to };
  });
  await tell(ctx, statusChanged, r.requester_id, { requestId: r.id, reference: r.reference, state: r.state });
  return r.id;
}

/** The officer asks the member a question: the request waits in `needs_information` until answered. */
export async function requestInformation(ctx: Context, id: string, question: string): Promise<string> {
  const me = ctx.viewer.userId!;
  const q = typeof question === "string" ? question.trim() : "";
  if (q.length < 5 || q.length > 2000) throw ancestryError("ancestry.errors.question", "question");
  const r = await ctx.ds.transaction(async (tx) => {
    const r = await deskRequest(tx, ctx, id);
    mustWork(ctx, r);
    if (moverOf(r.state, "needs_information", policyRow(r)) !== "officer") throw ancestryError("ancestry.errors.off_path", "to");
    const type = (await documentTypeById(tx, r.document_type_id))!;
    await tx.query(`UPDATE ancestry_requests SET question = $2, answer = NULL WHERE id = $1`, [r.id, q]);
    await addEvent(tx, { id: newId(), requestId: r.id, at: ctx.clock.now(), actorId: me, kind: "question", note: q });
    await enterState(tx, ctx, r, type, "needs_information", me, { infoFrom: r.state });
    await audit(tx, { tableName: "ancestry_requests", recordId: r.id, userId: me, action: "request_information", after: { question: q } });
    return r;
  });
  await tell(ctx, statusChanged, r.requester_id, { requestId: r.id, reference: r.reference, state: "needs_information" });
  return r.id;
}
