import type { Context } from "../../common/context.js";
import { notFound } from "../../common/errors.js";
import { fromGlobalId, isUuid } from "../../common/global-id.js";
import { hasUnsafeText } from "../../common/text.js";
import { parseGenealogicalDate, personNodes } from "../genealogy/index.js";
import { ancestryError } from "./ancestry.errors.js";
import type { SaveDocumentRequestInput } from "./ancestry.inputs.js";
import { hasFile, type Db, type RequestRow } from "./requests.store.js";
import { DELIVERIES, TRANSLATIONS } from "./states.js";

export const AUTHORITIES = ["self", "first_degree", "descendant", "power_of_attorney"] as const;

/** The raw id behind a global id of `type` (or a raw UUID); null when it is neither. */
export function rawIdOf(id: string | null | undefined, type: string): string | null {
  if (!id) return null;
  const g = fromGlobalId(id);
  const raw = g?.type === type ? g.id : id;
  return isUuid(raw) ? raw : null;
}

/** Text a member typed: trimmed, empty as null, refused when too long or carrying control characters. */
function text(value: string | null | undefined, field: string, max = 200): string | null {
  if (value == null) return null;
  if (typeof value !== "string" || hasUnsafeText(value)) throw ancestryError("ancestry.errors.text", field);
  const v = value.trim();
  if (v.length > max) throw ancestryError("ancestry.errors.too_long", field, { max });
  return v || null;
}

const oneOf = <T extends string>(value: string | null | undefined, allowed: readonly T[], field: string): T | null => {
  if (value == null || value === "") return null;
  if (!(allowed as readonly string[]).includes(value)) throw ancestryError("ancestry.errors.choice", field);
  return value as T;
};

/** The columns a draft's input sets, checked: the whole form, as the client holds it. */
export type DraftColumns = Partial<Omit<RequestRow, "id" | "reference" | "requester_id" | "state" | "created_at" | "updated_at">>;

/**
 * A draft's fields, each checked as it is typed (a draft may be incomplete, never malformed):
 * a village outside the gazetteer, a date that cannot be read, an unknown choice are refused.
 * A person of the tree fills the subject's fields the member left empty, with only what the
 * member may see of them.
 */
export async function draftColumns(ctx: Context, db: Db, input: SaveDocumentRequestInput): Promise<DraftColumns> {
  const c: DraftColumns = {
    subject_name_ar: text(input.subjectNameAr, "subjectNameAr"),
    subject_name_latin: text(input.subjectNameLatin, "subjectNameLatin"),
    father_name: text(input.fatherName, "fatherName"),
    grandfather_name: text(input.grandfatherName, "grandfatherName"),
    mother_name: text(input.motherName, "motherName"),
    birth_date_text: text(input.birthDate, "birthDate", 80),
    birth_place: text(input.birthPlace, "birthPlace"),
    registration_number: text(input.registrationNumber, "registrationNumber", 40),
    contact_email: text(input.contactEmail, "contactEmail"),
    contact_phone: text(input.contactPhone, "contactPhone", 40),
    contact_address: text(input.contactAddress, "contactAddress", 500),
    additional_info: text(input.additionalInfo, "additionalInfo", 2000),
    authority: oneOf(input.authority, AUTHORITIES, "authority") ?? "self",
    delivery: oneOf(input.delivery, DELIVERIES, "delivery") ?? "digital",
    translation: oneOf(input.translation, TRANSLATIONS, "translation"),
    legalisation: input.legalisation ?? false,
    subject_living: !input.subjectDeceased,
  };
  if (c.birth_date_text && !parseGenealogicalDate(c.birth_date_text)) throw ancestryError("ancestry.errors.date", "birthDate");
  if (c.contact_email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(c.contact_email)) throw ancestryError("ancestry.errors.email", "contactEmail");
  if (c.contact_phone && !/^\+?[0-9٠-٩ ()-]{6,30}$/.test(c.contact_phone)) throw ancestryError("ancestry.errors.phone", "contactPhone");
  if (input.registrationVillageId) {
    const village = rawIdOf(input.registrationVillageId, "Village");
    const [found] = village
      ? await db.query(`SELECT 1 FROM villages WHERE id = $1 AND rootspace_id = $2`, [village, ctx.rootspace.id])
      : [];
    if (!found) throw ancestryError("ancestry.errors.village", "registrationVillageId");
    c.registration_village_id = village;
  } else c.registration_village_id = null;
  c.person_id = null;
  if (input.personId) await fillFromPerson(ctx, input.personId, c);
  return c;
}

/** Fills the subject's empty fields from a person the member may see, only what they may see (a private person is NOT_FOUND). */
async function fillFromPerson(ctx: Context, personId: string, c: DraftColumns): Promise<void> {
  const raw = rawIdOf(personId, "Person");
  const [found] = raw ? await personNodes(ctx, [raw]) : [];
  const p = found?.node;
  if (!p || !found.row || p.isPrivate) throw notFound();
  c.person_id = raw;
  c.subject_living = found.row.living;
  c.subject_name_ar ??= p.fullNameAr;
  c.subject_name_latin ??= p.fullName;
  c.father_name ??= p.fatherName;
  c.grandfather_name ??= p.grandfatherName;
  c.mother_name ??= p.motherName;
  c.birth_date_text ??= p.birth?.text ?? null;
  c.birth_place ??= p.birthPlace;
  c.registration_number ??= p.registrationNumber;
  c.registration_village_id ??= p.villageId;
}

/** The column each required field of a document type names. */
const REQUIRED_COLUMN: Record<string, keyof RequestRow> = {
  subjectNameAr: "subject_name_ar",
  subjectNameLatin: "subject_name_latin",
  fatherName: "father_name",
  grandfatherName: "grandfather_name",
  motherName: "mother_name",
  birthDate: "birth_date_text",
  birthPlace: "birth_place",
  registrationVillage: "registration_village_id",
  registrationNumber: "registration_number",
};
export const REQUIRED_FIELDS = Object.keys(REQUIRED_COLUMN);

/**
 * What a submitted request must hold: the type's required fields, a way to reach the member, an
 * address to send paper to, and an authority over the record: a living subject who is not the
 * member needs a first-degree relative's or an attorney's (with its file); a descendant asks only
 * for a subject who has died.
 */
export async function checkSubmittable(db: Db, userId: string, r: RequestRow, required: string[]): Promise<void> {
  for (const f of required) if (REQUIRED_COLUMN[f] && !r[REQUIRED_COLUMN[f]]) throw ancestryError("ancestry.errors.required", f);
  if (!r.contact_email && !r.contact_phone) throw ancestryError("ancestry.errors.contact", "contactEmail");
  if (r.delivery !== "digital" && !r.contact_address) throw ancestryError("ancestry.errors.address", "contactAddress");
  const [person]: { user_id: string | null }[] = r.person_id
    ? await db.query(`SELECT user_id FROM people WHERE id = $1`, [r.person_id])
    : [];
  const isSelf = person ? person.user_id === userId : true;
  if (r.authority === "self" && (!isSelf || !r.subject_living)) throw ancestryError("ancestry.errors.authority_self", "authority");
  if (r.authority === "descendant" && r.subject_living) throw ancestryError("ancestry.errors.authority_living", "authority");
  // The attorney's file is an attachment; until one is uploaded the authority is not accepted.
  if (r.authority === "power_of_attorney" && !(await hasFile(db, r.id, "authority")))
    throw ancestryError("ancestry.errors.authority_file", "authority");
}
