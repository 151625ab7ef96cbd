import { viewerCan } from "../../../common/auth/policy.js";
import { memberOf, type Principal } from "../../../common/auth/principal.js";
import { translate, type Language } from "../../../common/i18n.js";
import { inReaderScript } from "../names/reader-script.js";
import { accessTo, hiddenParts, personPolicy, type Access, type PolicyRow } from "./person.policy.js";
import { maskFields } from "./person.policy-table.js";
import { shownYear } from "../dates/index.js";
import type { GenealogicalDateView } from "./person.types.js";
import { PersonView } from "./person.types.js";

/** Each column of a person row (after POLICY_COLUMNS) and the SQL that selects it. */
const COLUMN_SQL = {
  full_name: "p.full_name",
  full_name_ar: "p.full_name_ar",
  given_name: "p.given_name",
  father_name: "p.father_name",
  grandfather_name: "p.grandfather_name",
  mother_name: "p.mother_name",
  name_variants: "p.name_variants",
  gender: "p.gender",
  birth_date_text: "p.birth_date_text",
  birth_date_qualifier: "p.birth_date_qualifier",
  birth_date_from: "p.birth_date_from::text",
  birth_date_to: "p.birth_date_to::text",
  birth_place: "p.birth_place",
  death_date_text: "p.death_date_text",
  death_date_qualifier: "p.death_date_qualifier",
  death_date_from: "p.death_date_from::text",
  death_date_to: "p.death_date_to::text",
  death_place: "p.death_place",
  is_deceased: "p.is_deceased",
  occupation: "p.occupation",
  bio: "p.bio",
  current_location: "p.current_location",
  current_country: "p.current_country",
  registration_number: "p.registration_number",
  sources: "p.sources",
  provenance: "p.provenance",
  confidence: "p.confidence",
  entry: "p.entry",
  family_id: "p.family_id",
} as const;
type Column = keyof typeof COLUMN_SQL;

/** Columns of a person row as every people query selects them (after POLICY_COLUMNS). */
export const PERSON_COLUMNS = Object.values(COLUMN_SQL).join(", ");

/**
 * The columns each Person field is shaped from. Fields not listed need none beyond the
 * policy columns and `family_id` (id, isPrivate, isLiving, viewerCan, and the field
 * resolvers, which read only ids and isPrivate).
 */
export const FIELD_COLUMNS: Partial<Record<keyof PersonView, Column[]>> = {
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
  entry: ["entry"],
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
  return (Object.keys(COLUMN_SQL) as Column[])
    .filter((c) => columns.has(c))
    .map((c) => COLUMN_SQL[c])
    .join(", ");
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
  entry: PersonView["entry"];
  family_id: string | null;
}

/** The year to show ("ABT 1915" → 1915, "حوالي ١٨٩٠" → 1890, a Hijri date → its Gregorian year), from the stored days. */
const date = (text: string | null, qualifier: string | null, from: string | null, to: string | null): GenealogicalDateView | null =>
  text ? { text, qualifier: qualifier ?? "exact", from, to, year: shownYear(qualifier, from, to, text) } : null;

/** The properties the field resolvers of Person read (family, village). */
const PERSON_PROPS = { family: "familyId", village: "villageId" };

/**
 * Shapes a row for one viewer. Nothing a viewer may not see is copied into the result,
 * so no resolver can leak it later. (Plain stores in one order, no intermediate objects:
 * ancestors shape hundreds of rows per request.)
 */
export function presentPerson(row: PersonRow, who: Principal, language: Language, access: Access = accessTo(who, row)): PersonView {
  const v = new PersonView();
  const uid = memberOf(who)?.userId ?? null;
  v.rawId = row.id;
  v.fullAccess = access === "full";
  v.isViewer = uid !== null && row.user_id === uid;
  v.viewerCan = viewerCan(personPolicy, who, row);
  const parts = hiddenParts(access, row.privacy_settings);
  v.isPrivate = parts.all;
  v.familyId = row.family_id;
  v.villageId = row.village_id;
  v.displayName = inReaderScript(language, row.full_name, row.full_name_ar) ?? "";
  v.fullName = row.full_name;
  v.fullNameAr = row.full_name_ar;
  v.givenName = row.given_name;
  v.fatherName = row.father_name;
  v.grandfatherName = row.grandfather_name;
  v.motherName = row.mother_name;
  v.nameVariants = row.name_variants;
  v.gender = row.gender;
  v.birth = date(row.birth_date_text, row.birth_date_qualifier, row.birth_date_from, row.birth_date_to);
  v.birthPlace = row.birth_place;
  v.death = date(row.death_date_text, row.death_date_qualifier, row.death_date_from, row.death_date_to);
  v.deathPlace = row.death_place;
  v.isLiving = row.living;
  v.occupation = row.occupation;
  v.bio = row.bio;
  v.currentLocation = row.current_location;
  v.currentCountry = row.current_country;
  v.registrationNumber = row.registration_number;
  v.sources = row.sources;
  v.provenance = row.provenance;
  v.confidence = row.confidence;
  v.entry = row.entry;
  // What the viewer may not see is emptied here, by the policy table, before any resolver reads it.
  return maskFields("Person", v, parts, PERSON_PROPS, parts.all ? { displayName: translate("people.private", language) } : {});
}
