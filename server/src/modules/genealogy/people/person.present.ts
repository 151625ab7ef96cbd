import type { Viewer } from "../../../common/auth/viewer.js";
import { translate, type Language } from "../../../common/i18n.js";
import { accessTo, canEdit, type Access, type PolicyRow } from "./person.policy.js";
import type { GenealogicalDateView } from "./person.types.js";
import { PersonView } from "./person.types.js";

/** Columns of a person row as every people query selects them (after POLICY_COLUMNS). */
export const PERSON_COLUMNS = `p.full_name, p.full_name_ar, p.given_name, p.father_name, p.grandfather_name, p.mother_name, p.name_variants,
  p.gender, p.birth_date_text, p.birth_date_qualifier, p.birth_date_from::text, p.birth_date_to::text, p.birth_place,
  p.death_date_text, p.death_date_qualifier, p.death_date_from::text, p.death_date_to::text, p.death_place, p.is_deceased,
  p.occupation, p.bio, p.current_location, p.current_country, p.registration_number, p.sources, p.provenance, p.confidence,
  p.family_id`;

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
 * so no resolver can leak it later.
 */
export function presentPerson(row: PersonRow, viewer: Viewer, language: Language, access: Access = accessTo(viewer, row)): PersonView {
  const isViewer = viewer.userId !== null && row.user_id === viewer.userId;
  const claimAsSelf = viewer.userId !== null && row.created_by === viewer.userId && row.user_id === null;
  const base = Object.assign(new PersonView(), { rawId: row.id, isViewer, viewerCan: { edit: canEdit(viewer, row), claimAsSelf } });
  if (access === "private" || access === "none") {
    return Object.assign(base, {
      familyId: null, villageId: null, isPrivate: true, displayName: translate("people.private", language),
      fullName: null, fullNameAr: null, givenName: null, fatherName: null, grandfatherName: null, motherName: null, nameVariants: [],
      gender: null, birth: null, birthPlace: null, death: null, deathPlace: null, isLiving: null, occupation: null, bio: null,
      currentLocation: null, currentCountry: null, registrationNumber: null, sources: null, provenance: null, confidence: null,
    });
  }
  const hideBirth = access === "partial" && !row.privacy_settings.showBirthDate;
  const hideLocation = access === "partial" && !row.privacy_settings.showLocation;
  const displayName = language === "ar" ? row.full_name_ar || row.full_name : row.full_name || row.full_name_ar || "";
  return Object.assign(base, {
    familyId: row.family_id,
    villageId: row.village_id,
    isPrivate: false,
    displayName,
    fullName: row.full_name,
    fullNameAr: row.full_name_ar,
    givenName: row.given_name,
    fatherName: row.father_name,
    grandfatherName: row.grandfather_name,
    motherName: row.mother_name,
    nameVariants: row.name_variants,
    gender: row.gender,
    birth: hideBirth ? null : date(row.birth_date_text, row.birth_date_qualifier, row.birth_date_from, row.birth_date_to),
    birthPlace: hideBirth ? null : row.birth_place,
    death: date(row.death_date_text, row.death_date_qualifier, row.death_date_from, row.death_date_to),
    deathPlace: row.death_place,
    isLiving: row.living,
    occupation: row.occupation,
    bio: row.bio,
    currentLocation: hideLocation ? null : row.current_location,
    currentCountry: hideLocation ? null : row.current_country,
    registrationNumber: row.registration_number,
    sources: row.sources,
    provenance: row.provenance,
    confidence: row.confidence,
  });
}
