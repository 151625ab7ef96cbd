import type { EntityManager } from "typeorm";
import type { Clock } from "../../common/clock.js";
import { newId } from "../../common/uuid.js";
import { audit } from "../audit/index.js";
import { addBusinessDays, dayInBeirut } from "./business-days.js";
import { ancestryError } from "./ancestry.errors.js";
import { holidayNames, holidaysOf } from "./holidays.js";
import type { Db, DocumentTypeRow } from "./requests.store.js";
import { pathOf, type PathFacts, type RequestState } from "./states.js";

export interface HolidayRow {
  id: string;
  day: string;
  code: string;
  name_ar: string;
  name_en: string;
  name_fr: string;
  to_confirm: boolean;
}

/** Every public holiday's day, the business-day calculator's calendar. */
export async function holidayDays(db: Db): Promise<Set<string>> {
  const rows: { day: string }[] = await db.query(`SELECT DISTINCT day::text AS day FROM public_holidays`);
  return new Set(rows.map((r) => r.day));
}

export async function holidaysBetween(db: Db, from: string, to: string): Promise<HolidayRow[]> {
  return db.query(
    `SELECT id, day::text AS day, code, name_ar, name_en, name_fr, to_confirm FROM public_holidays WHERE day BETWEEN $1 AND $2 ORDER BY day, code`,
    [from, to],
  );
}

/** Business days a step takes, from the document type. */
export function stepDays(
  state: RequestState,
  t: Pick<DocumentTypeRow, "review_days" | "registry_days" | "translation_days" | "delivery_days">,
): number {
  switch (state) {
    case "in_review":
      return t.review_days;
    case "at_registry":
      return t.registry_days;
    case "issued":
      return 1;
    case "translating":
      return t.translation_days;
    case "shipped":
    case "in_pouch":
      return t.delivery_days;
    case "at_embassy":
      return 2;
    default:
      return 0;
  }
}

/** Business days left from the start of `state` to delivery, for the path the request takes. */
export function daysToDelivery(state: RequestState, r: PathFacts, t: Parameters<typeof stepDays>[1]): number {
  const path = pathOf(r);
  const from = state === "needs_information" && r.infoFrom ? r.infoFrom : state;
  const i = Math.max(0, path.indexOf(from));
  return path.slice(i).reduce((n, s) => n + stepDays(s, t), 0);
}

/**
 * The expected delivery as a range of days: the business days the rest of the path takes from
 * the current step's start, and half as many again (registries are not punctual).
 */
export function expectedRange(startDay: string, days: number, holidays: ReadonlySet<string>): { from: string; to: string } {
  return { from: addBusinessDays(startDay, days, holidays), to: addBusinessDays(startDay, Math.ceil(days * 1.5), holidays) };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (s: string): boolean =>
  DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

/** Staff add, correct or remove a holiday (audited); a name is 1 to 120 characters in each language. */
export async function setPublicHoliday(
  db: { transaction<T>(run: (tx: EntityManager) => Promise<T>): Promise<T> },
  by: string,
  spec: { day: string; code: string; nameAr: string; nameEn: string; nameFr: string; toConfirm: boolean; remove: boolean },
): Promise<HolidayRow | null> {
  if (!isDay(spec.day)) throw ancestryError("ancestry.errors.date", "day");
  if (!/^[a-z][a-z0-9_]{0,59}$/.test(spec.code)) throw ancestryError("ancestry.errors.holiday_code", "code");
  const names = { nameAr: spec.nameAr.trim(), nameEn: spec.nameEn.trim(), nameFr: spec.nameFr.trim() };
  if (!spec.remove)
    for (const [field, v] of Object.entries(names))
      if (v.length < 1 || v.length > 120) throw ancestryError("ancestry.errors.holiday_name", field);
  return db.transaction(async (tx) => {
    const [before]: HolidayRow[] = await tx.query(
      `SELECT id, day::text AS day, code, name_ar, name_en, name_fr, to_confirm FROM public_holidays WHERE day = $1 AND code = $2 FOR UPDATE`,
      [spec.day, spec.code],
    );
    if (spec.remove) {
      if (!before) throw ancestryError("ancestry.errors.holiday_missing", "day");
      await tx.query(`DELETE FROM public_holidays WHERE id = $1`, [before.id]);
      await audit(tx, { tableName: "public_holidays", recordId: before.id, userId: by, action: "delete", before: { ...before } });
      return null;
    }
    const [row]: HolidayRow[] = await tx.query(
      `INSERT INTO public_holidays (id, day, code, name_ar, name_en, name_fr, to_confirm, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (code, day) DO UPDATE SET name_ar = $4, name_en = $5, name_fr = $6, to_confirm = $7, updated_by = $8
       RETURNING id, day::text AS day, code, name_ar, name_en, name_fr, to_confirm`,
      [newId(), spec.day, spec.code, names.nameAr, names.nameEn, names.nameFr, spec.toConfirm, by],
    );
    await audit(tx, {
      tableName: "public_holidays",
      recordId: row.id,
      userId: by,
      action: before ? "update" : "create",
      before: before ? { ...before } : undefined,
      after: { ...row },
    });
    return row;
  });
}

/** Adds this and next year's computed holidays when they are missing (a new year's Easters and Eids); staff's rows stay. */
export async function ensureHolidays(db: Db, clock: Clock): Promise<number> {
  const year = Number(dayInBeirut(clock.now()).slice(0, 4));
  let added = 0;
  for (const y of [year, year + 1]) {
    const [{ n }]: { n: number }[] = await db.query(`SELECT count(*)::int AS n FROM public_holidays WHERE day BETWEEN $1 AND $2`, [
      `${y}-01-01`,
      `${y}-12-31`,
    ]);
    if (n > 0) continue;
    for (const h of holidaysOf(y)) {
      const names = holidayNames(h.code);
      await db.query(
        `INSERT INTO public_holidays (id, day, code, name_ar, name_en, name_fr, to_confirm) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
        [newId(), h.day, h.code, names.ar, names.en, names.fr, h.toConfirm],
      );
      added++;
    }
  }
  return added;
}
