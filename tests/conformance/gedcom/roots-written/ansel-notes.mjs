// The two notes of the tag torture file that hold the whole ANSEL character set, as bytes: every
// combining mark (0xE0–0xFE, written before its letter) on A–Z and a–z, and every spacing special
// character (0xA1–0xCF). The names are those of the ANSEL table (ANSI Z39.47 with GEDCOM's and
// MARC 21's additions) and of the Unicode characters they stand for.

/** [ANSEL byte, Unicode code point, name] of every combining mark. */
const MARKS = [
  [0xe0, "0309", "hook above"],
  [0xe1, "0300", "grave accent"],
  [0xe2, "0301", "acute accent"],
  [0xe3, "0302", "circumflex"],
  [0xe4, "0303", "tilde"],
  [0xe5, "0304", "macron"],
  [0xe6, "0306", "breve"],
  [0xe7, "0307", "dot above"],
  [0xe8, "0308", "diaeresis (umlaut)"],
  [0xe9, "030C", "caron (hacek)"],
  [0xea, "030A", "ring above"],
  [0xeb, "FE20", "ligature, left half"],
  [0xec, "FE21", "ligature, right half"],
  [0xed, "0315", "comma above right"],
  [0xee, "030B", "double acute accent"],
  [0xef, "0310", "candrabindu"],
  [0xf0, "0327", "cedilla"],
  [0xf1, "0328", "ogonek (right hook)"],
  [0xf2, "0323", "dot below"],
  [0xf3, "0324", "diaeresis below (double dot below)"],
  [0xf4, "0325", "ring below"],
  [0xf5, "0333", "double low line (double underscore)"],
  [0xf6, "0332", "low line (underscore)"],
  [0xf7, "0326", "comma below (left hook)"],
  [0xf8, "031C", "left half ring below (right cedilla)"],
  [0xf9, "032E", "breve below (upadhmaniya)"],
  [0xfa, "FE22", "double tilde, left half"],
  [0xfb, "FE23", "double tilde, right half"],
  [0xfe, "0313", "comma above (high comma, centred)"],
];

/** [ANSEL byte, name] of every spacing special character. */
const SPECIALS = [
  [0xa1, "L with stroke, capital"],
  [0xa2, "O with stroke, capital"],
  [0xa3, "D with stroke, capital"],
  [0xa4, "thorn, capital"],
  [0xa5, "ligature AE, capital"],
  [0xa6, "ligature OE, capital"],
  [0xa7, "soft sign (prime)"],
  [0xa8, "middle dot"],
  [0xa9, "musical flat"],
  [0xaa, "registered sign"],
  [0xab, "plus or minus"],
  [0xac, "O with horn, capital"],
  [0xad, "U with horn, capital"],
  [0xae, "alif (right half ring)"],
  [0xb0, "ayn (left half ring)"],
  [0xb1, "l with stroke, small"],
  [0xb2, "o with stroke, small"],
  [0xb3, "d with stroke, small"],
  [0xb4, "thorn, small"],
  [0xb5, "ligature ae, small"],
  [0xb6, "ligature oe, small"],
  [0xb7, "hard sign (double prime)"],
  [0xb8, "dotless i"],
  [0xb9, "pound sign"],
  [0xba, "eth"],
  [0xbc, "o with horn, small"],
  [0xbd, "u with horn, small"],
  [0xbe, "empty box (a GEDCOM addition)"],
  [0xbf, "black box (a GEDCOM addition)"],
  [0xc0, "degree sign"],
  [0xc1, "script small l"],
  [0xc2, "sound recording copyright"],
  [0xc3, "copyright sign"],
  [0xc4, "musical sharp"],
  [0xc5, "inverted question mark"],
  [0xc6, "inverted exclamation mark"],
  [0xc7, "sharp s (MARC 21)"],
  [0xc8, "euro sign (MARC 21)"],
  [0xcd, "e on the midline (a GEDCOM addition)"],
  [0xce, "o on the midline (a GEDCOM addition)"],
  [0xcf, "sharp s (a GEDCOM addition)"],
];

const hex = (b) => b.toString(16).toUpperCase();
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = UPPER.toLowerCase();
/** `letters` each after `mark`, in lines of 13. */
const marked = (mark, letters) => [letters.slice(0, 13), letters.slice(13)].map((half) => [...half].map((l) => mark + l).join(""));

/** The note of Elias Accents: every combining mark on every Latin letter, one mark per paragraph. */
export function anselMarksNote() {
  const out = [
    'What to look for in "Elias Accents Sfeir".',
    "",
    "ANSEL writes an accented letter as two bytes: the mark (E0 to FB, or FE) and then the letter. Unicode writes the letter first. Each paragraph below puts one mark on every letter; a reader should show each letter with its mark, even where no language uses that pair and no font draws it well.",
  ];
  for (const [byte, code, name] of MARKS) {
    const mark = String.fromCharCode(byte);
    out.push(
      "",
      `${hex(byte)} (Unicode ${code}) ${name}:`,
      ...marked(mark, UPPER).map((l) => `     ${l}`),
      ...marked(mark, LOWER).map((l) => `     ${l}`),
    );
  }
  return out.join("\n");
}

/** The note of Nadia Specials: every spacing special character, its byte, its name and itself in parentheses. */
export function anselSpecialsNote() {
  return [
    'What to look for in "Nadia Specials Haddad".',
    "",
    "ANSEL's special characters, one a line: the byte in hexadecimal, the character's name, and the character itself in parentheses. A reader should show the character, or the nearest it has.",
    "",
    ...SPECIALS.map(([byte, name]) => `${hex(byte)} ${name} (${String.fromCharCode(byte)})`),
  ].join("\n");
}
