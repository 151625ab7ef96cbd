/** A synthetic GEDCOM 5.5.1 file generated on the fly (never held whole in memory) for streaming checks. */

const GIVEN = ["Yusuf", "Maryam", "Elias", "Rita", "Boutros", "Nada", "Antoun", "Salma", "Georges", "Layla"];
const FAMILY = ["Haddad", "Khoury", "Saade", "Frangieh", "Maalouf", "Geagea", "Aoun", "Nassar"];
const PLACES = ["Zahle, Beqaa, Lebanon", "Ehden, North, Lebanon", "Beirut, Lebanon", "São Paulo, Brazil"];

const birthYear = (i: number) => 1800 + (i % 200);

/** The text of person `i` (1-based) and, every second person, a family. */
export function syntheticRecord(i: number): string {
  const g = GIVEN[i % GIVEN.length];
  const f = FAMILY[i % FAMILY.length];
  let s =
    `0 @I${i}@ INDI\n1 NAME ${g} /${f}/\n2 GIVN ${g}\n2 SURN ${f}\n1 SEX ${i % 2 ? "M" : "F"}\n` +
    `1 BIRT\n2 DATE ${1 + (i % 28)} MAR ${birthYear(i)}\n2 PLAC ${PLACES[i % PLACES.length]}\n` +
    `1 NOTE Synthetic person number ${i}, generated for the streaming check;\n2 CONC  the note is long enough to matter.\n`;
  // A couple marries 20 to 24 years after the younger partner's birth, as real files mostly say.
  if (i % 2 === 0) s += `1 FAMS @F${i / 2}@\n0 @F${i / 2}@ FAM\n1 HUSB @I${i - 1}@\n1 WIFE @I${i}@\n1 MARR\n2 DATE ${Math.max(birthYear(i - 1), birthYear(i)) + 20 + (i % 5)}\n`;
  return s;
}

/** Streams a file with `people` INDI records (and people/2 FAM records) in ~64 KiB chunks. */
export async function* syntheticGedcom(people: number): AsyncGenerator<Uint8Array> {
  const enc = new TextEncoder();
  let buf = "0 HEAD\n1 SOUR ROOTS_TEST\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n";
  for (let i = 1; i <= people; i++) {
    buf += syntheticRecord(i);
    if (buf.length > 65536) {
      yield enc.encode(buf);
      buf = "";
    }
  }
  yield enc.encode(buf + "0 TRLR\n");
}
