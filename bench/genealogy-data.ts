// A generated Lebanese family tree for the genealogy benchmark: deterministic (seeded),
// patrilineal lineages rooted in gazetteer villages, 14 generations (so 10-generation
// ancestor walks are real), mothers from other lineages, unions for every couple. Names and
// search keys go through the server's own code (nameKeys, parseGenealogicalDate), and rows
// are loaded with multi-row INSERT … SELECT FROM unnest(…) in chunks.
import type { DataSource } from "typeorm";
import { newId } from "../server/src/common/uuid.js";
import { parseGenealogicalDate } from "../server/src/modules/genealogy/dates/genealogical-date.js";
import { nameKeys } from "../server/src/modules/genealogy/names/normalize.js";
import { FEMALE, MALE, SURNAMES } from "./genealogy-names.js";

export const GENERATIONS = 14;

/** mulberry32: a small, fast, seeded PRNG so every run builds the same tree. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Person {
  id: string;
  male: boolean;
  given: number;
  surname: number;
  spelling: number;
  village: string;
  year: number;
}

export interface Tree {
  people: number;
  links: number;
  unions: number;
  /** People of the last generation: each has a 13-generation paternal line. */
  leaves: string[];
  /** Names as visitors would type them (Latin, Arabic, other spellings and languages). */
  searches: string[];
}

const PERSON_COLUMNS: [string, string][] = [
  ["id", "uuid"],
  ["full_name", "text"],
  ["full_name_ar", "text"],
  ["given_name", "text"],
  ["father_name", "text"],
  ["gender", "text"],
  ["birth_date_text", "text"],
  ["birth_date_qualifier", "text"],
  ["birth_date_from", "date"],
  ["birth_date_to", "date"],
  ["death_date_text", "text"],
  ["death_date_qualifier", "text"],
  ["death_date_from", "date"],
  ["death_date_to", "date"],
  ["is_deceased", "boolean"],
  ["village_id", "uuid"],
  ["key_latin", "text"],
  ["key_arabic", "text"],
  ["key_skeleton", "text"],
];
const PRIVACY = JSON.stringify({ showBirthDate: false, showLocation: false, showContact: false });

async function insertPeople(ds: DataSource, rows: unknown[][]): Promise<void> {
  const cols = PERSON_COLUMNS.map(([c]) => c);
  const arrays = cols.map((_, i) => rows.map((r) => r[i]));
  await ds.query(
    `INSERT INTO people (${cols.join(", ")}, rootspace_id, is_public, privacy_settings)
     SELECT *, 'lb', true, $${cols.length + 1}::jsonb FROM unnest(${PERSON_COLUMNS.map(([, t], i) => `$${i + 1}::${t}[]`).join(", ")})`,
    [...arrays, PRIVACY],
  );
}

/** Builds and loads the tree; `total` people over GENERATIONS generations. */
export async function generateTree(ds: DataSource, total: number): Promise<Tree> {
  const rnd = prng(20260501);
  const pick = <T>(list: T[]): T => list[Math.floor(rnd() * list.length)];
  const villages: string[] = (await ds.query(`SELECT id FROM villages WHERE is_public ORDER BY slug`)).map((r: { id: string }) => r.id);
  const homes = Array.from({ length: 700 }, () => pick(villages));
  const perGen = Math.ceil(total / GENERATIONS);
  const gens: Person[][] = [];
  const links: [string, string][] = []; // [parent, child]
  const unions = new Map<string, [string, string]>();
  const rows: unknown[][] = [];

  for (let g = 0; g < GENERATIONS; g++) {
    const prevMen = g ? gens[g - 1].filter((p) => p.male) : [];
    const prevWomen = g ? gens[g - 1].filter((p) => !p.male) : [];
    const gen: Person[] = [];
    for (let i = 0; i < perGen && rows.length < total; i++) {
      const male = rnd() < 0.5;
      const given = Math.floor(rnd() * (male ? MALE : FEMALE).length);
      const father = g ? pick(prevMen) : null;
      // Common family names are common: a skewed pick over the list (Khoury first).
      const surname = father ? father.surname : Math.floor(SURNAMES.length * rnd() ** 1.3);
      const spellings = SURNAMES[surname][0];
      const spelling = father && rnd() < 0.9 ? father.spelling % spellings.length : Math.floor(rnd() * spellings.length);
      const village = father && rnd() < 0.95 ? father.village : pick(homes);
      const year = 1660 + 26 * g + Math.floor(rnd() * 8);
      const p: Person = { id: newId(), male, given, surname, spelling, village, year };
      gen.push(p);
      if (father) {
        links.push([father.id, p.id]);
        if (rnd() < 0.6) {
          const mother = pick(prevWomen);
          links.push([mother.id, p.id]);
          const [a, b] = father.id < mother.id ? [father.id, mother.id] : [mother.id, father.id];
          unions.set(`${a}${b}`, [a, b]);
        }
      }
      const [givenLatin, givenArabic] = (male ? MALE : FEMALE)[given];
      const fullName = `${givenLatin} ${spellings[spelling]}`;
      const fullNameAr = `${givenArabic} ${SURNAMES[surname][1]}`;
      const keys = nameKeys([fullName], [fullNameAr]);
      const birth = parseGenealogicalDate(String(year))!;
      const deceased = year < 1935 || (year < 1960 && rnd() < 0.3);
      const death = deceased ? parseGenealogicalDate(String(Math.min(2024, year + 45 + Math.floor(rnd() * 45))))! : null;
      const fatherName = father ? MALE[father.given][0] : null;
      rows.push([
        p.id,
        fullName,
        fullNameAr,
        givenLatin,
        fatherName,
        male ? "M" : "F",
        birth.text,
        birth.qualifier,
        birth.from,
        birth.to,
        death?.text ?? null,
        death?.qualifier ?? null,
        death?.from ?? null,
        death?.to ?? null,
        deceased,
        village,
        keys.latin,
        keys.arabic,
        keys.skeleton,
      ]);
    }
    gens.push(gen);
  }

  for (let i = 0; i < rows.length; i += 10_000) await insertPeople(ds, rows.slice(i, i + 10_000));
  for (let i = 0; i < links.length; i += 20_000) {
    const chunk = links.slice(i, i + 20_000);
    await ds.query(
      `INSERT INTO parent_links (id, parent_id, child_id, kind, provenance) SELECT *, 'birth', 'COMMUNITY' FROM unnest($1::uuid[], $2::uuid[], $3::uuid[])`,
      [chunk.map(() => newId()), chunk.map((l) => l[0]), chunk.map((l) => l[1])],
    );
  }
  const pairs = [...unions.values()];
  for (let i = 0; i < pairs.length; i += 20_000) {
    const chunk = pairs.slice(i, i + 20_000);
    await ds.query(
      `INSERT INTO unions (id, partner1_id, partner2_id, kind) SELECT *, 'marriage' FROM unnest($1::uuid[], $2::uuid[], $3::uuid[])`,
      [chunk.map(() => newId()), chunk.map((u) => u[0]), chunk.map((u) => u[1])],
    );
  }
  await ds.query(`ANALYZE`);

  // Searches: real people of the generations visitors look for, written as visitors write
  // them — the stored Latin or Arabic name, another spelling of the family, the given name
  // in another language (Joseph for Youssef), and surnames alone.
  const searches: string[] = [];
  const OTHER: Record<string, string> = {
    Youssef: "Joseph",
    Boutros: "Pierre",
    Hanna: "Jean",
    Gerges: "George",
    Elias: "Elie",
    Mikhael: "Michael",
    Tanios: "Antoine",
    Mohammad: "Muhammad",
    Ahmad: "Ahmed",
    Sleiman: "Suleiman",
    Semaan: "Simon",
  };
  for (let i = 0; searches.length < 40; i++) {
    const p = pick(gens[4 + (i % 8)]);
    const [gl, ga] = (p.male ? MALE : FEMALE)[p.given];
    const [latin, arabic] = SURNAMES[p.surname];
    const kind = i % 5;
    if (kind === 0) searches.push(`${gl} ${latin[p.spelling % latin.length]}`);
    else if (kind === 1) searches.push(`${ga} ${arabic}`);
    else if (kind === 2) searches.push(`${OTHER[gl] ?? gl} ${latin[(p.spelling + 1) % latin.length]}`);
    else if (kind === 3) searches.push(arabic);
    else searches.push(latin[latin.length - 1]);
  }
  return { people: rows.length, links: links.length, unions: pairs.length, leaves: gens[GENERATIONS - 1].map((p) => p.id), searches };
}
