/**
 * A synthetic GEDCOM 5.5.1 family tree generated on the fly (never held whole in memory), for
 * streaming checks and the import benchmark. It is shaped like a real file:
 * - people come in generations of GENERATION people, 25 years apart (born from 1500 on);
 * - persons 2k-1 (a man) and 2k (a woman) are couple F{k}, married in their twenties;
 * - from the second generation on, everyone is the child of a couple of the generation before
 *   (two children per couple, FAMC/CHIL both ways, the father's surname), and brothers and
 *   sisters never marry each other;
 * - people born before 1900 have a death date; birth and death places, a note.
 */

const MALE = ["Yusuf", "Elias", "Boutros", "Antoun", "Georges", "Tanios", "Khalil"];
const FEMALE = ["Maryam", "Rita", "Nada", "Salma", "Layla", "Warde", "Hind"];
const FAMILY = ["Haddad", "Khoury", "Saade", "Frangieh", "Maalouf", "Geagea", "Aoun", "Nassar"];
const PLACES = ["Zahle, Beqaa, Lebanon", "Ehden, North, Lebanon", "Beirut, Lebanon", "São Paulo, Brazil"];
/** People per generation (even: whole couples). */
export const GENERATION = 10_000;
const COUPLES = GENERATION / 2;

const generation = (i: number) => Math.floor((i - 1) / GENERATION);
const birthYear = (i: number) => 1500 + 25 * generation(i) + (i % 3);

/**
 * The couple whose child person `i` is, or null in the first generation. Couple k has the
 * children 2k+GENERATION-2 and 2k+GENERATION-1, who belong to two different couples.
 */
export function parentsOf(i: number): number | null {
  if (i <= GENERATION) return null;
  const k = Math.ceil((i - GENERATION) / 2) + (i % 2 === 0 ? 1 : 0);
  return k >= 1 && k <= Math.floor((i - 1) / GENERATION) * COUPLES ? k : null;
}

/** The surname of person `i`: their father's, back to the first generation. */
function surname(i: number): string {
  let p = i;
  for (let k = parentsOf(p); k !== null; k = parentsOf(p)) p = 2 * k - 1;
  return FAMILY[p % FAMILY.length];
}

/** The couple's children (two for every couple with a next generation in the file). */
const childrenOf = (k: number, people: number) =>
  [2 * k + GENERATION - 2, 2 * k + GENERATION - 1].filter((c) => c <= people && parentsOf(c) === k);

/** The text of person `i` (1-based) and, every second person, the couple's family record. */
export function syntheticRecord(i: number, people = Number.POSITIVE_INFINITY, uid?: (i: number) => string | null): string {
  const male = i % 2 === 1;
  const given = (male ? MALE : FEMALE)[Math.floor(i / 2) % 7];
  const f = surname(i);
  const born = birthYear(i);
  let s =
    `0 @I${i}@ INDI\n1 NAME ${given} /${f}/\n2 GIVN ${given}\n2 SURN ${f}\n1 SEX ${male ? "M" : "F"}\n` +
    `1 BIRT\n2 DATE ${1 + (i % 28)} MAR ${born}\n2 PLAC ${PLACES[i % PLACES.length]}\n`;
  const id = uid?.(i);
  if (id) s += `1 _UID ${id}\n`;
  if (born < 1900) s += `1 DEAT\n2 DATE ${born + 55 + (i % 30)}\n2 PLAC ${PLACES[(i + 1) % PLACES.length]}\n`;
  s += `1 NOTE Synthetic person number ${i}, generated for the streaming check;\n2 CONC  the note is long enough to matter.\n`;
  const parents = parentsOf(i);
  if (parents !== null) s += `1 FAMC @F${parents}@\n`;
  if (!male) {
    const k = i / 2;
    s += `1 FAMS @F${k}@\n0 @F${k}@ FAM\n1 HUSB @I${i - 1}@\n1 WIFE @I${i}@\n1 MARR\n2 DATE ${Math.max(birthYear(i - 1), born) + 20 + (i % 4)}\n`;
    for (const c of childrenOf(k, people)) s += `1 CHIL @I${c}@\n`;
  }
  return s;
}

/**
 * Streams a file with `people` INDI records (and people/2 FAM records) in ~64 KiB chunks. With
 * `uid`, person `i` has the `_UID` it gives (none when it gives null), as genealogy programs and
 * Roots's own export write them.
 */
export async function* syntheticGedcom(people: number, uid?: (i: number) => string | null): AsyncGenerator<Uint8Array> {
  const enc = new TextEncoder();
  let buf = "0 HEAD\n1 SOUR ROOTS_TEST\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n";
  for (let i = 1; i <= people; i++) {
    buf += syntheticRecord(i, people, uid);
    if (buf.length > 65536) {
      yield enc.encode(buf);
      buf = "";
    }
  }
  yield enc.encode(buf + "0 TRLR\n");
}
