import { normalizeArabic, normalizeLatin } from "../../genealogy/index.js";

/** What a spreadsheet column can hold. */
export const SHEET_FIELDS = [
  "id",
  "fullName",
  "fullNameAr",
  "givenName",
  "familyName",
  "fatherName",
  "grandfatherName",
  "motherName",
  "gender",
  "birthDate",
  "birthPlace",
  "deathDate",
  "deathPlace",
  "village",
  "occupation",
  "currentLocation",
  "currentCountry",
  "registrationNumber",
  "notes",
  "sources",
  "father",
  "mother",
  "spouse",
] as const;
export type SheetField = (typeof SHEET_FIELDS)[number];

/**
 * Header texts people use, in Arabic, English and French (compared normalised: case,
 * accents, hamza forms and punctuation do not matter). "اسم الأب" is the father's name in
 * the patronymic chain; "الأب" / "Father" is a link to the father's own row.
 */
const SYNONYMS: Record<SheetField, string[]> = {
  id: ["id", "ref", "reference", "référence", "no", "n°", "#", "person id", "identifiant", "الرقم", "رقم", "المعرف", "معرف"],
  fullName: [
    "name",
    "full name",
    "nom",
    "nom complet",
    "person",
    "personne",
    "الاسم الكامل بالانكليزية",
    "full name (latin)",
    "nom (latin)",
    "الاسم باللاتينية",
    "الاسم بالأحرف اللاتينية",
  ],
  fullNameAr: [
    "arabic name",
    "name (arabic)",
    "full name arabic",
    "nom arabe",
    "nom en arabe",
    "الاسم",
    "الاسم الكامل",
    "الاسم بالعربية",
    "الاسم بالعربي",
    "الإسم",
  ],
  givenName: ["given name", "first name", "forename", "prénom", "prenom", "الاسم الأول", "الاسم الاول", "الاسم الشخصي"],
  familyName: ["surname", "last name", "family name", "family", "nom de famille", "famille", "العائلة", "اسم العائلة", "الشهرة", "الكنية"],
  fatherName: ["father's name", "father name", "fathers name", "nom du père", "nom du pere", "prénom du père", "اسم الأب", "اسم الاب"],
  grandfatherName: ["grandfather's name", "grandfather name", "nom du grand-père", "nom du grand pere", "اسم الجد"],
  motherName: ["mother's name", "mother name", "mothers name", "nom de la mère", "nom de la mere", "اسم الأم", "اسم الام", "اسم الوالدة"],
  gender: [
    "gender",
    "sex",
    "sexe",
    "genre",
    "m/f",
    "h/f",
    "sex m/f",
    "gender m/f",
    "sexe h/f",
    "male/female",
    "homme/femme",
    "الجنس",
    "النوع",
    "جنس",
    "ذكر/أنثى",
    "الجنس ذكر/أنثى",
  ],
  birthDate: [
    "birth date",
    "date of birth",
    "born",
    "dob",
    "birth",
    "date de naissance",
    "naissance",
    "né le",
    "تاريخ الولادة",
    "تاريخ الميلاد",
    "الولادة",
    "مواليد",
    "year of birth",
    "birth year",
    "année de naissance",
    "سنة الولادة",
    "سنة الميلاد",
  ],
  birthPlace: ["birth place", "place of birth", "birthplace", "lieu de naissance", "مكان الولادة", "محل الولادة", "مكان الميلاد"],
  deathDate: [
    "death date",
    "date of death",
    "died",
    "death",
    "date de décès",
    "date de deces",
    "décès",
    "تاريخ الوفاة",
    "الوفاة",
    "year of death",
    "death year",
    "année de décès",
    "annee de deces",
    "سنة الوفاة",
  ],
  deathPlace: ["death place", "place of death", "lieu de décès", "lieu de deces", "مكان الوفاة"],
  village: [
    "village",
    "village of origin",
    "hometown",
    "town",
    "origin",
    "village d'origine",
    "localité",
    "القرية",
    "البلدة",
    "الضيعة",
    "بلدة الأصل",
    "مسقط الرأس",
  ],
  occupation: ["occupation", "profession", "job", "métier", "المهنة", "العمل"],
  currentLocation: [
    "residence",
    "current location",
    "lives in",
    "city",
    "résidence",
    "domicile",
    "ville",
    "مكان الإقامة",
    "الإقامة",
    "السكن",
  ],
  currentCountry: ["country", "current country", "pays", "pays de résidence", "البلد", "الدولة", "بلد الإقامة"],
  registrationNumber: [
    "registration number",
    "register number",
    "record number",
    "numéro d'enregistrement",
    "n° de registre",
    "رقم السجل",
    "رقم القيد",
    "سجل",
  ],
  notes: ["notes", "note", "bio", "biography", "remarks", "remarques", "biographie", "ملاحظات", "نبذة", "سيرة"],
  sources: ["source", "sources", "citation", "المصدر", "المصادر"],
  father: ["father", "father id", "father ref", "père", "pere", "id du père", "الأب", "الاب", "الوالد", "رقم الأب"],
  mother: ["mother", "mother id", "mother ref", "mère", "mere", "id de la mère", "الأم", "الام", "الوالدة", "رقم الأم"],
  spouse: [
    "spouse",
    "husband",
    "wife",
    "spouse id",
    "conjoint",
    "époux",
    "épouse",
    "mari",
    "femme",
    "الزوج",
    "الزوجة",
    "الزوج/الزوجة",
    "القرين",
  ],
};

const norm = (s: string): string => {
  const t = s.replace(/[\s_:*()\-–.]+/g, " ").trim();
  return /[\u0600-\u06FF]/.test(t) ? normalizeArabic(t) : normalizeLatin(t).replace(/'/g, "");
};

const LOOKUP = new Map<string, SheetField>();
for (const field of SHEET_FIELDS) for (const s of SYNONYMS[field]) LOOKUP.set(norm(s), field);

/** The field a header text names, or null. */
export function fieldOfHeader(header: string): SheetField | null {
  const key = norm(header);
  return key ? (LOOKUP.get(key) ?? null) : null;
}

export interface HeaderGuess {
  /** 0-based index of the header row among the first rows. */
  headerRow: number;
  headers: string[];
  mapping: (SheetField | null)[];
}

/** Picks the header row (most recognised cells among the first ten rows) and maps its columns. */
export function detectHeaders(firstRows: string[][]): HeaderGuess | null {
  let best: HeaderGuess | null = null;
  let bestScore = 0;
  firstRows.slice(0, 10).forEach((row, i) => {
    const mapping = row.map((cell) => fieldOfHeader(cell ?? ""));
    // A field mapped twice keeps its first column.
    const seen = new Set<SheetField>();
    const unique = mapping.map((f) => (f && !seen.has(f) ? (seen.add(f), f) : null));
    const score = unique.filter(Boolean).length;
    if (score > bestScore) [best, bestScore] = [{ headerRow: i, headers: row.map((c) => c ?? ""), mapping: unique }, score];
  });
  return best;
}
