import { parseGenealogicalDate, type GenealogicalDate } from "../genealogy/index.js";
import { hasArabic, nameKeys, normalizeArabic, type NameKeys } from "../genealogy/index.js";

/** A person as an importer reads it, before it becomes a row of `people`. */
export interface ImportedPerson {
  fullName?: string | null;
  fullNameAr?: string | null;
  givenName?: string | null;
  fatherName?: string | null;
  grandfatherName?: string | null;
  motherName?: string | null;
  gender?: string | null;
  birthDate?: string | null;
  birthPlace?: string | null;
  deathDate?: string | null;
  deathPlace?: string | null;
  isDeceased?: boolean;
  occupation?: string | null;
  bio?: string | null;
  currentLocation?: string | null;
  currentCountry?: string | null;
  registrationNumber?: string | null;
  sources?: string | null;
  nameVariants?: string[];
  villageId?: string | null;
}

/** Gender values as people write them, compared lower-cased, without dots, Arabic letter forms folded. */
const GENDER_WORDS: ["M" | "F" | "U", string[]][] = [
  ["M", ["m", "male", "man", "boy", "masculine", "masc", "h", "homme", "masculin", "garçon", "garcon", "ذكر", "رجل", "ذ", "صبي"]],
  [
    "F",
    [
      "f",
      "female",
      "woman",
      "girl",
      "feminine",
      "fem",
      "femme",
      "féminin",
      "feminin",
      "fille",
      "أنثى",
      "انثى",
      "امرأة",
      "أ",
      "بنت",
      "فتاة",
    ],
  ],
  ["U", ["u", "unknown", "?", "x", "inconnu", "inconnue", "غير معروف", "مجهول"]],
];
const genderKey = (v: string) => {
  const t = v
    .trim()
    .toLowerCase()
    .replace(/[.\s]+/g, " ")
    .trim();
  return hasArabic(t) ? normalizeArabic(t) : t;
};
const GENDERS = new Map(GENDER_WORDS.flatMap(([g, words]) => words.map((w) => [genderKey(w), g] as const)));

/** M, F or U from what people write in a gender column (any of our languages); null when unreadable. */
export function readGender(value: string | null | undefined): "M" | "F" | "U" | null {
  if (!value?.trim()) return "U";
  return GENDERS.get(genderKey(value)) ?? null;
}

const keyCache = new Map<string, NameKeys>();

/**
 * nameKeys, remembered for the last few thousand sets of names: family files repeat the same
 * names (children named after grandparents, cousins sharing a name), and keys cost more than
 * the rest of a person. Bounded: the cache is emptied when it is full.
 */
function cachedNameKeys(latin: (string | null)[], arabic: (string | null)[]): NameKeys {
  const id = `${latin.join("\u0001")}\u0002${arabic.join("\u0001")}`;
  let keys = keyCache.get(id);
  if (!keys) {
    keys = nameKeys(latin, arabic);
    if (keyCache.size >= 10_000) keyCache.clear();
    keyCache.set(id, keys);
  }
  return keys;
}

const clean = (v: string | null | undefined): string | null => (v == null ? null : String(v).trim() || null);

/**
 * Turns an imported person into `people` columns, with the errors that keep it out of the
 * commit (translation keys). The name keys are computed here so the commit is pure SQL.
 */
export function personColumns(p: ImportedPerson, today: string): { columns: Record<string, unknown>; errors: string[] } {
  const errors: string[] = [];
  let fullName = clean(p.fullName);
  let fullNameAr = clean(p.fullNameAr);
  // A name in Arabic script typed into the Latin column (or the reverse) goes where it belongs.
  if (fullName && !fullNameAr && hasArabic(fullName)) [fullName, fullNameAr] = [null, fullName];
  if (!fullName && !fullNameAr) errors.push("errors.person_name_required");
  const birth = readDate(clean(p.birthDate), "birth", errors);
  const death = readDate(clean(p.deathDate), "death", errors);
  if (death && birth && death.to < birth.from) errors.push("errors.death_before_birth");
  if ((birth?.from ?? "") > today || (death?.from ?? "") > today) errors.push("errors.date_in_future");
  const gender = readGender(p.gender);
  if (!gender) errors.push("ingestion.row.gender_invalid");
  const variants = [...new Set((p.nameVariants ?? []).map((v) => v.trim()).filter(Boolean))];
  const keys = cachedNameKeys([fullName, ...variants.filter((v) => !hasArabic(v))], [fullNameAr, ...variants.filter(hasArabic)]);
  // One object literal (every key, in one shape) rather than keys added one by one: cheaper to
  // build for hundreds of thousands of people.
  const columns: Record<string, unknown> = {
    full_name: fullName ?? fullNameAr ?? "",
    full_name_ar: fullNameAr,
    given_name: clean(p.givenName),
    father_name: clean(p.fatherName),
    grandfather_name: clean(p.grandfatherName),
    mother_name: clean(p.motherName),
    gender: gender ?? "U",
    birth_date_text: birth?.text ?? null,
    birth_date_qualifier: birth?.qualifier ?? null,
    birth_date_from: birth?.from ?? null,
    birth_date_to: birth?.to ?? null,
    birth_place: clean(p.birthPlace),
    death_date_text: death?.text ?? null,
    death_date_qualifier: death?.qualifier ?? null,
    death_date_from: death?.from ?? null,
    death_date_to: death?.to ?? null,
    death_place: clean(p.deathPlace),
    is_deceased: false,
    occupation: clean(p.occupation),
    bio: clean(p.bio),
    current_location: clean(p.currentLocation),
    current_country: clean(p.currentCountry),
    registration_number: clean(p.registrationNumber),
    sources: clean(p.sources),
    name_variants: variants,
    village_id: p.villageId ?? null,
    key_latin: keys.latin,
    key_arabic: keys.arabic,
    key_skeleton: keys.skeleton,
  };
  columns.is_deceased = Boolean(p.isDeceased || death || columns.death_place);
  return { columns, errors };
}

/** A date column pair read from text; an unreadable date adds its error and gives null. */
function readDate(text: string | null, prefix: "birth" | "death", errors: string[]): GenealogicalDate | null {
  if (!text) return null;
  const d = parseGenealogicalDate(text);
  if (!d) errors.push(`ingestion.row.${prefix}_date_invalid`);
  return d;
}

/** The people columns an import writes (the commit lists them explicitly, in this order). */
export const IMPORTED_PERSON_COLUMNS = [
  "full_name",
  "full_name_ar",
  "given_name",
  "father_name",
  "grandfather_name",
  "mother_name",
  "gender",
  "birth_date_text",
  "birth_date_qualifier",
  "birth_date_from",
  "birth_date_to",
  "birth_place",
  "death_date_text",
  "death_date_qualifier",
  "death_date_from",
  "death_date_to",
  "death_place",
  "is_deceased",
  "occupation",
  "bio",
  "current_location",
  "current_country",
  "registration_number",
  "sources",
  "name_variants",
  "village_id",
  "key_latin",
  "key_arabic",
  "key_skeleton",
] as const;
