// The ancestry bench's desk: `n` submitted document requests over a realistic mix (deliveries,
// translations, states along each request's path, officers, overdue steps), each with its fee
// lines, a few timeline events and, where they belong, its files; written in bulk.
import type { DataSource } from "typeorm";
import { Role } from "../server/src/common/auth/roles.js";
import { pathOf, type Delivery, type RequestState, type Translation } from "../server/src/modules/ancestry/states.js";
import { buildUser, type BuiltUser } from "../tests/factories/users.js";
import { FEMALE, MALE, SURNAMES } from "./genealogy-names.js";

export interface Desk {
  /** The document officer the bench signs in as (holds a share of the assigned requests). */
  officer: BuiltUser;
  requests: number;
  lines: number;
  events: number;
  files: number;
}

/** Deterministic, so two runs seed the same desk. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 86_400_000;
const OFFICERS = 6;
const REQUESTERS = 4000;
const BATCH = 2000;

export async function seedDesk(ds: DataSource, n: number, now = new Date()): Promise<Desk> {
  const rand = mulberry32(39);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const officers: BuiltUser[] = [];
  for (let i = 0; i < OFFICERS; i++)
    officers.push(await buildUser(ds, { displayName: `Officer ${i + 1}`, roles: [{ role: Role.DOCUMENT_OFFICER }] }));
  const requesters: string[] = (
    await ds.query(
      `INSERT INTO users (id, email, display_name) SELECT gen_random_uuid(), 'requester-' || g || '@example.test', 'Requester ' || g
         FROM generate_series(1, $1) g RETURNING id`,
      [REQUESTERS],
    )
  ).map((r: { id: string }) => r.id);
  const types: string[] = (await ds.query(`SELECT id FROM ancestry_document_types ORDER BY position`)).map((r: { id: string }) => r.id);
  const villages: string[] = (await ds.query(`SELECT id FROM villages ORDER BY id LIMIT 500`)).map((r: { id: string }) => r.id);

  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const delivery: Delivery = rand() < 0.6 ? "digital" : rand() < 0.6 ? "courier" : "pouch";
    const tr = rand();
    const translation: Translation | null = tr < 0.2 ? "en" : tr < 0.3 ? "fr" : null;
    const path = pathOf({ delivery, translation });
    const s = rand();
    let state: RequestState;
    let infoFrom: RequestState | null = null;
    if (s < 0.08) state = "awaiting_payment";
    else if (s < 0.12) state = "rejected";
    else if (s < 0.15) state = "cancelled";
    else if (s < 0.2) [state, infoFrom] = ["needs_information", rand() < 0.6 ? "in_review" : "at_registry"];
    else if (s < 0.55) state = "delivered";
    else state = pick(path.slice(path.indexOf("in_review"), -1));
    const final = state === "delivered" || state === "rejected" || state === "cancelled";
    // Ended requests spread over the year, open ones over the last two months.
    const submitted = new Date(now.getTime() - rand() * (final ? 365 : 60) * DAY);
    const stepStarted = new Date(submitted.getTime() + rand() * (now.getTime() - submitted.getTime()));
    const assigned =
      state === "awaiting_payment" || state === "cancelled" || (state === "in_review" && rand() < 0.5)
        ? null
        : officers[Math.floor(rand() * OFFICERS)].id;
    const [latin, arabic] = pick(SURNAMES);
    const [given, givenAr] = pick(rand() < 0.5 ? MALE : FEMALE);
    const [father, fatherAr] = pick(MALE);
    const a = rand();
    rows.push({
      id: crypto.randomUUID(),
      reference: `AD-B${String(i).padStart(6, "0")}`,
      requester_id: requesters[i % REQUESTERS],
      document_type_id: types[Math.floor(rand() ** 2 * types.length)],
      state,
      info_from: infoFrom,
      delivery,
      translation,
      legalisation: rand() < 0.2,
      subject_living: rand() < 0.6,
      subject_name_ar: `${givenAr} ${fatherAr} ${arabic}`,
      subject_name_latin: `${given} ${latin[0]}`,
      father_name: father,
      grandfather_name: pick(MALE)[0],
      mother_name: `${pick(FEMALE)[0]} ${pick(SURNAMES)[0][0]}`,
      birth_date_text: `${1 + Math.floor(rand() * 28)} March ${1920 + Math.floor(rand() * 85)}`,
      birth_place: null,
      registration_village_id: villages.length && rand() < 0.85 ? pick(villages) : null,
      registration_number: String(1 + Math.floor(rand() * 900)),
      authority: a < 0.5 ? "self" : a < 0.75 ? "first_degree" : a < 0.9 ? "descendant" : "power_of_attorney",
      contact_email: `requester-${(i % REQUESTERS) + 1}@example.test`,
      contact_phone: rand() < 0.5 ? `+961 3 ${100000 + i}` : null,
      contact_address: delivery === "digital" ? null : `${i} Rue de la Paix, Paris`,
      assigned_to: assigned,
      payment_reference: `RB-${String(i).padStart(6, "0")}`,
      registry_reference: path.indexOf(state) >= path.indexOf("issued") ? `REG-${i}` : null,
      tracking_number: delivery === "courier" && (state === "shipped" || state === "delivered") ? `TRK${i}` : null,
      pouch_number: delivery === "pouch" && path.indexOf(state) >= path.indexOf("in_pouch") ? `P-${i}` : null,
      ministry_number: delivery === "pouch" && path.indexOf(state) >= path.indexOf("in_pouch") ? `M-${i}` : null,
      question: state === "needs_information" ? "Please send the registration number of the father." : null,
      rejection_reason: state === "rejected" ? "The registry has no record under this number." : null,
      step_started_at: stepStarted.toISOString(),
      // Each step's due day a few business days on: about a third of the open requests are late.
      step_due_on: final ? null : new Date(stepStarted.getTime() + (2 + Math.floor(rand() * 20)) * DAY).toISOString().slice(0, 10),
      submitted_at: submitted.toISOString(),
      created_at: new Date(submitted.getTime() - rand() * 3 * DAY).toISOString(),
      updated_at: stepStarted.toISOString(),
    });
  }
  for (let i = 0; i < rows.length; i += BATCH)
    await ds.query(`INSERT INTO ancestry_requests SELECT * FROM json_populate_recordset(NULL::ancestry_requests, $1::json)`, [
      JSON.stringify(rows.slice(i, i + BATCH)),
    ]);

  // Fee lines as submit quotes them: government (LBP at 89,500 a dollar), service, and what was
  // ordered; quoted until paid, voided once rejected or cancelled, posted once their step is reached.
  const [{ count: lines }] = await ds.query(
    `WITH ins AS (
       INSERT INTO ancestry_request_lines (id, request_id, kind, usd, lbp, rate_per_usd, rate_source, rate_on, post_at, status)
       SELECT gen_random_uuid(), r.id, k.kind,
              CASE k.kind WHEN 'government' THEN round(t.government_fee_lbp / 89500.0) WHEN 'service' THEN t.service_fee_usd
                WHEN 'translation' THEN t.translation_fee_usd WHEN 'courier' THEN t.courier_fee_usd ELSE t.pouch_fee_usd END,
              CASE WHEN k.kind = 'government' THEN t.government_fee_lbp END,
              CASE WHEN k.kind = 'government' THEN '89500' END, CASE WHEN k.kind = 'government' THEN 'Banque du Liban' END,
              CASE WHEN k.kind = 'government' THEN r.submitted_at::date END,
              k.post_at,
              CASE WHEN r.state = 'awaiting_payment' THEN 'quoted' WHEN r.state IN ('rejected', 'cancelled') THEN 'voided'
                WHEN array_position(o.steps, r.state) >= array_position(o.steps, k.post_at) THEN 'posted' ELSE 'held' END
         FROM ancestry_requests r JOIN ancestry_document_types t ON t.id = r.document_type_id
        CROSS JOIN (VALUES ('government', 'at_registry'), ('service', 'issued'), ('translation', 'translating'),
                           ('courier', 'shipped'), ('pouch', 'in_pouch')) AS k(kind, post_at)
        CROSS JOIN (SELECT ARRAY['in_review', 'needs_information', 'at_registry', 'issued', 'translating', 'shipped', 'in_pouch',
                                 'at_embassy', 'delivered'] AS steps) o
        WHERE (k.kind = 'government' AND t.government_fee_lbp > 0) OR k.kind = 'service' OR (k.kind = 'translation' AND r.translation IS NOT NULL)
           OR (k.kind = 'courier' AND r.delivery = 'courier') OR (k.kind = 'pouch' AND r.delivery = 'pouch')
       RETURNING 1)
     SELECT count(*)::int AS count FROM ins`,
  );
  // A few events each: created, submitted, claimed, and the step it is in.
  const [{ count: events }] = await ds.query(
    `WITH ins AS (
       INSERT INTO ancestry_request_events (id, request_id, at, actor_id, kind, from_state, to_state)
       SELECT gen_random_uuid(), r.id, e.at, e.actor, e.kind, e.from_state, e.to_state
         FROM ancestry_requests r
        CROSS JOIN LATERAL (VALUES (1, r.created_at, r.requester_id, 'state', NULL, 'draft'),
                                   (2, r.submitted_at, r.requester_id, 'state', 'draft', 'awaiting_payment'),
                                   (3, r.submitted_at + interval '1 hour', r.assigned_to, 'claimed', NULL, NULL),
                                   (4, r.step_started_at, r.assigned_to, 'state', NULL, r.state)) AS e(n, at, actor, kind, from_state, to_state)
        WHERE (e.n <> 3 OR r.assigned_to IS NOT NULL) AND (e.n <> 4 OR r.state <> 'awaiting_payment')
       RETURNING 1)
     SELECT count(*)::int AS count FROM ins`,
  );
  // A power of attorney where that is the authority; the delivered scan of a digital request.
  const [{ count: files }] = await ds.query(
    `WITH ins AS (
       INSERT INTO ancestry_request_files (id, request_id, kind, name, mime, size, sha256, uploaded_by, created_at)
       SELECT gen_random_uuid(), r.id, f.kind, f.name, 'application/pdf', f.size, encode(sha256((r.id::text || f.kind)::bytea), 'hex'), f.by, f.at
         FROM ancestry_requests r
        CROSS JOIN LATERAL (VALUES ('authority', 'power-of-attorney.pdf', 180000, r.requester_id, r.created_at, r.authority = 'power_of_attorney'),
                                   ('scan', r.reference || '.pdf', 420000, r.assigned_to, r.step_started_at, r.state = 'delivered' AND r.delivery = 'digital'))
                    AS f(kind, name, size, by, at, wanted)
        WHERE f.wanted
       RETURNING 1)
     SELECT count(*)::int AS count FROM ins`,
  );
  // As autovacuum leaves a live desk: statistics, and pages marked all-visible (index-only counts).
  await ds.query(`VACUUM ANALYZE`);
  return { officer: officers[0], requests: n, lines, events, files };
}
