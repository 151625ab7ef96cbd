import type { Viewer } from "../../../common/auth/viewer.js";
import { translate, type Language } from "../../../common/i18n.js";
import { inReaderScript } from "../names/reader-script.js";
import { accessTo, canEdit, hiddenParts, type Access, type PolicyRow } from "./person.policy.js";
import type { GenealogicalDateView } from "./person.types.js";
import { PersonView } from "./person.types.js";

/** Each column of a person row (after POLICY_COLUMNS) and the SQL that selects it. */
const COLUMN_SQL = {
  full_name: "p.full_name", full_name_ar: "p.full_name_ar", given_name: "p.given_name", father_name: "p.father_name",
  grandfather_name: "p.grandfather_name", mother_name: "p.mother_name", name_variants: "p.name_variants", gender: "p.gender",
  birth_date_text: "p.birth_date_text", birth_date_qualifier: "p.birth_date_qualifier", birth_date_from: "p.birth_date_from::text",
  birth_date_to: "p.birth_date_to::text", birth_place: "p.birth_place", death_date_text: "p.death_date_text",
  death_date_qualifier: "p.death_date_qualifier", death_date_from: "p.death_date_from::text", death_date_to: "p.death_date_to::text",
  death_place: "p.death_place", is_deceased: "p.is_deceased", occupation: "p.occupation", bio: "p.bio",
  current_location: "p.current_location", current_country: "p.current_country", registration_number: "p.registration_number",
  sources: "p.sources", provenance: "p.provenance", confidence: "p.confidence", family_id: "p.family_id",
} as const;
type Column = keyof typeof COLUMN_SQL;

/** Columns of a person row as every people query selects them (after POLICY_COLUMNS). */
export const PERSON_COLUMNS = Object.values(COLUMN_SQL).join(", ");

/**
 * The columns each Person field is shaped from. Fields not listed need none beyond the
 * policy columns and `family_id` (id, isPrivate, isLiving, viewerCan, and the field
 * resolvers, which read only ids and isPrivate).
 */
const FIELD_COLUMNS: Partial<Record<keyof PersonView, Column[]>> = {
  displayName: ["full_name", "full_name_ar"],
  fullName: ["full_name"],
  fullNameAr: ["full_name_ar"],
  givenName: ["given_name"],
  fatherName: ["father_name"],
  grandfatherName: ["grandfather_name"],
  motherName: ["mother_name"],
  nameVariants: ["name_variants"],
  gender: ["gender"],
  birth: ["birth_date_text", "birth_date_qualifier", "birth_date_from", "birth_date_to"],
  birthPlace: ["birth_place"],
  death: ["death_date_text", "death_date_qualifier", "death_date_from", "death_date_to"],
  deathPlace: ["death_place"],
  occupation: ["occupation"],
  bio: ["bio"],
  currentLocation: ["current_location"],
  currentCountry: ["current_country"],
  registrationNumber: ["registration_number"],
  sources: ["sources"],
  provenance: ["provenance"],
  confidence: ["confidence"],
};

/**
 * The person columns a selection of Person fields needs (after POLICY_COLUMNS), for lists
 * that can be long (ancestors, descendants): fewer columns to read, send and parse. `null`
 * (selection unknown) selects them all. presentPerson leaves the fields of columns not
 * selected undefined, and GraphQL never reads them.
 */
export function personColumnsFor(fields: ReadonlySet<string> | null): string {
  if (!fields) return PERSON_COLUMNS;
  const columns = new Set<Column>(["family_id"]);
  for (const f of fields) for (const c of FIELD_COLUMNS[f as keyof PersonView] ?? []) columns.add(c);
  return (Object.keys(COLUMN_SQL) as Column[]).filter((c) => columns.has(c)).map((c) => COLUMN_SQL[c]).join(", ");
}

export interface PersonRow extends PolicyRow {
  full_name: string;
  full_name_ar: string | null;
  given_name: string | null;
  father_name: string | null;
  grandfather_name: string | null;
  mother_name: string | null;
  name_variants: string[];
  gender: string;
  birth_date_text: string | null;
  birth_date_qualifier: string | null;
  birth_date_from: string | null;
  birth_date_to: string | null;
  birth_place: string | null;
  death_date_text: string | null;
  death_date_qualifier: string | null;
  death_date_from: string | null;
  death_date_to: string | null;
  death_place: string | null;
  is_deceased: boolean;
  occupation: string | null;
  bio: string | null;
  current_location: string | null;
  current_country: string | null;
  registration_number: string | null;
  sources: string | null;
  provenance: PersonView["provenance"];
  confidence: number;
  family_id: string | null;
}

/** The year to show: the one written in the record ("ABT 1915" → 1915), else the earliest possible. */
const shownYear = (text: string, from: string | null): number | null => {
  const m = /\b(\d{3,4})\b/.exec(text);
  return m ? Number(m[1]) : from ? Number(from.slice(0, 4)) : null;
};

const date = (text: string | null, qualifier: string | null, from: string | null, to: string | null): GenealogicalDateView | null =>
  text ? { text, qualifier: qualifier ?? "exact", from, to, year: shownYear(text, from) } : null;

/**
 * Shapes a row for one viewer. Nothing a viewer may not see is copied into the result,
 * so no resolver can leak it later. (Plain stores in one order, no intermediate objects:
 * ancestors shape hundreds of rows per request.)
 */
export function presentPerson(row: PersonRow, viewer: Viewer, language: Language, access: Access = accessTo(viewer, row)): PersonView {
  const v = new PersonView();
  v.rawId = row.id;
  v.fullAccess = access === "full";
  v.isViewer = viewer.userId !== null && row.user_id === viewer.userId;
  v.viewerCan = { edit: canEdit(viewer, row), claimAsSelf: viewer.userId !== null && row.created_by === viewer.userId && row.user_id === null };
  const { all: hidden, dates: hideBirth, places: hideLocation, life: hideLife } = hiddenParts(access, row.privacy_settings);
  v.familyId = hidden ? null : row.family_id;
  v.villageId = hidden ? null : row.village_id;
  v.isPrivate = hidden;
  v.displayName = hidden ? translate("people.private", language) : inReaderScript(language, row.full_name, row.full_name_ar) ?? "";
  v.fullName = hidden ? null : row.full_name;
  v.fullNameAr = hidden ? null : row.full_name_ar;
  v.givenName = hidden ? null : row.given_name;
  v.fatherName = hidden ? null : row.father_name;
  v.grandfatherName = hidden ? null : row.grandfather_name;
  v.motherName = hidden ? null : row.mother_name;
  v.nameVariants = hidden ? [] : row.name_variants;
  v.gender = hidden ? null : row.gender;
  v.birth = hideBirth ? null : date(row.birth_date_text, row.birth_date_qualifier, row.birth_date_from, row.birth_date_to);
  v.birthPlace = hideBirth ? null : row.birth_place;
  v.death = hidden ? null : date(row.death_date_text, row.death_date_qualifier, row.death_date_from, row.death_date_to);
  v.deathPlace = hidden ? null : row.death_place;
  v.isLiving = hidden ? null : row.living;
  v.occupation = hideLife ? null : row.occupation;
  v.bio = hideLife ? null : row.bio;
  v.currentLocation = hideLocation ? null : row.current_location;
  v.currentCountry = hideLocation ? null : row.current_country;
  v.registrationNumber = hidden ? null : row.registration_number;
  v.sources = hideLife ? null : row.sources;
  v.provenance = hidden ? null : row.provenance;
  v.confidence = hidden ? null : row.confidence;
  return v;
}
