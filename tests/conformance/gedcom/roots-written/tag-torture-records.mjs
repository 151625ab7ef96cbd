// The tag torture file's families, sources, repository, notes and multimedia object, and the
// small helpers its people share (see tag-torture.mjs).
import { anselMarksNote, anselSpecialsNote } from "./ansel-notes.mjs";
import { CUT, g, noteRecord, rec } from "./gedcom-writer.mjs";

// ANSEL writes a combining mark before its letter.
export const ACUTE = "\xE2";
export const TILDE = "\xE4";
export const MACRON = "\xE5";
export const DOT_BELOW = "\xF2";
const AYN = "\xB0";

export const ZAHLE = `Zahl${ACUTE}e, Zahl${ACUTE}e, Beqaa, Lebanon`;
export const BEIRUT = "Achrafieh, Beirut, Beirut, Lebanon";
export const MONTREAL = `Montr${ACUTE}eal, Montr${ACUTE}eal, Quebec, Canada`;
export const SAO_PAULO = `S${TILDE}ao Paulo, S${TILDE}ao Paulo, S${TILDE}ao Paulo, Brazil`;

export const chan = (date, time, ...more) => g("CHAN", null, g("DATE", date, g("TIME", time)), ...more);
/** A 5.5 multimedia link: FORM and TITL beside FILE (7.0 puts them under FILE). */
export const link = (title, form, file, ...more) => g("OBJE", null, g("FORM", form), g("TITL", title), g("FILE", file), ...more);
/** A citation of the parish register with every field but EVEN and OBJE; `what` names what it supports. */
export const cite = (what, page = "f. 112", note = `A note on this citation of ${what}.`) =>
  g(
    "SOUR",
    "@S1@",
    g("PAGE", page),
    g("DATA", null, g("DATE", "12 MAR 1932"), g("TEXT", `What the register says about ${what}.`)),
    g("QUAY", "3"),
    g("NOTE", note),
  );
/**
 * An event or attribute of Youssef with every tag: its TYPE is its GEDCOM tag; its note says what
 * it is and goes on past one line (CONC).
 */
export const event = (tag, value, date, note, ...more) =>
  g(
    tag,
    value,
    g("DATE", date),
    g("PLAC", ZAHLE),
    g("TYPE", tag),
    ...more,
    cite(`the ${tag} of Youssef`),
    g("NOTE", `${note} Its TYPE is its GEDCOM tag, as in every event and attribute of Youssef's record.`),
  );
/** A family event of Youssef and Rima, with both spouses' ages (`husb`, `wife`: AGE values of every form). */
const famEvent = (tag, date, husb, wife, note, ...more) =>
  g(
    tag,
    null,
    g("DATE", date),
    g("PLAC", ZAHLE),
    g("TYPE", tag),
    ...more,
    g("HUSB", null, g("AGE", husb)),
    g("WIFE", null, g("AGE", wife)),
    cite(`the ${tag} of Youssef and Rima`),
    g("NOTE", `${note} Its TYPE is its GEDCOM tag, as in every event of this family.`),
  );
const family = (xref, members, note, rin) =>
  rec(
    xref,
    "FAM",
    null,
    ...members.map(([tag, x]) => g(tag, x)),
    g("NOTE", note),
    chan("2 DEC 2026", `11:0${rin}:00`),
    g("RIN", String(rin)),
  );

/** The seven families: Youssef and Rima's has every FAM tag; the others link the generations. */
export function families() {
  return [
    rec(
      "@F_FIRST@",
      "FAM",
      null,
      g("HUSB", "@P1@"),
      g("WIFE", "@P_RIMA@"),
      g(
        "MARR",
        null,
        g("DATE", "20 JUN 1997"),
        g("PLAC", ZAHLE),
        g("TYPE", "Religious and civil"),
        g("ADDR", "Church of Our Lady of Deliverance\nZahl\xE2e, Lebanon"),
        g("CAUS", "Love"),
        g("AGNC", "The Maronite parish"),
        g("HUSB", null, g("AGE", "31y")),
        g("WIFE", null, g("AGE", "27y 6m")),
        link("The wedding", "jpeg", "wedding.jpg"),
        cite("the marriage"),
        g("NOTE", "The marriage: every tag of an event's detail, the spouses' ages, a media link, a citation and this note."),
      ),
      g("CHIL", "@P_NOOR@"),
      g("CHIL", "@P_SALAM@"),
      g("NCHI", "2"),
      famEvent(
        "ENGA",
        "6 JAN 1997",
        "31y",
        "STILLBORN",
        "The engagement, announced at Epiphany.",
        g("ADDR", "The house of the Nasr family\nZahl\xE2e"),
        g("AGE", "31"),
        g("CAUS", "The families agreed"),
        g("AGNC", "None"),
        link("The engagement", "bmp", "engagement.bmp"),
      ),
      famEvent("MARB", "1 JUN 1997", "31y", "27y 6m", "The banns: the public notice that the two mean to marry."),
      famEvent("MARC", "10 JUN 1997", "31y", ">27y 6m", "The marriage contract, which settles what each spouse brings and keeps."),
      famEvent("MARL", "12 JUN 1997", "31y", "<28y", "The marriage licence."),
      famEvent("MARS", "15 JUN 1997", "31y", "INFANT", "The marriage settlement, an agreement on property made before the marriage."),
      famEvent("DIV", "1 JUL 2002", "36y 3d", "32m", "The divorce."),
      famEvent("DIVF", "1 JAN 2002", "36d", "CHILD", "The filing for divorce."),
      g("ANUL", "Y", g("DATE", "1 JUL 2002")),
      famEvent("CENS", "1 JUN 2001", "35y 8m 18d", "6m 9d", "A census that counted the household."),
      famEvent("EVEN", "15 AUG 1998", "32y", "28y 6m", "A generic family event: its TYPE says what happened."),
      g(
        "SLGS",
        null,
        g("DATE", "12 DEC 1998"),
        g("PLAC", BEIRUT),
        g("STAT", "Completed"),
        g("TEMP", "BEIRU"),
        g("SOUR", "@S1@", g("DATA", null, g("TEXT", "What the register says about the sealing.")), g("NOTE", "@N_SLGS_CITE@")),
        g("NOTE", "@N_SLGS@"),
      ),
      g("NOTE", FIRST_FAMILY_NOTE),
      g(
        "SOUR",
        "@S1@",
        g("PAGE", "f. 201"),
        g("DATA", null, g("DATE", "12 MAR 1932"), g("TEXT", "The register's entry for the family.")),
        g("QUAY", "0"),
        g("NOTE", "A note on the family's citation."),
      ),
      link("The family's house", "bmp", "house.bmp"),
      g("SUBM", "@SUBM1@"),
      g("REFN", "SF-F01", g("TYPE", "Family book number")),
      g("RIN", "1"),
      chan("2 DEC 2026", "11:00:00"),
    ),
    family(
      "@F_PARENTS@",
      [
        ["HUSB", "@P_FATHER@"],
        ["CHIL", "@P1@"],
      ],
      "@N_F_PARENTS@",
      2,
    ),
    family(
      "@F_FOSTER@",
      [
        ["WIFE", "@P_LAYLA@"],
        ["CHIL", "@P1@"],
      ],
      "@N_F_FOSTER@",
      3,
    ),
    family(
      "@F_SECOND@",
      [
        ["HUSB", "@P1@"],
        ["WIFE", "@P_CARLA@"],
        ["CHIL", "@P_RAYAN@"],
      ],
      "@N_F_SECOND@",
      4,
    ),
    family(
      "@F_MATRIARCH@",
      [
        ["HUSB", "@P_STD@"],
        ["WIFE", "@P_WARDE@"],
        ["CHIL", "@P_OTHER@"],
        ["CHIL", "@P_DOCS@"],
        ["CHIL", "@P_URLS@"],
      ],
      "@N_F_MATRIARCH@",
      5,
    ),
    family(
      "@F_ACCENTS@",
      [
        ["HUSB", "@P_ELIAS@"],
        ["WIFE", "@P_NADIA@"],
        ["CHIL", "@P_FATHER@"],
      ],
      "@N_F_ACCENTS@",
      6,
    ),
    family(
      "@F_MARIAM@",
      [
        ["WIFE", "@P_OTHER@"],
        ["CHIL", "@P_ELIAS@"],
      ],
      "@N_F_MARIAM@",
      7,
    ),
  ];
}

const FIRST_FAMILY_NOTE = [
  'What to look for in the family of "Youssef Every-Tag Sfeir" and "Rima First-Wife Nasr".',
  "",
  "1. The marriage (MARR) uses every tag an event may have.",
  "2. The family has two children and says so (NCHI).",
  "3. It has every family event, a generic EVEN among them. The engagement has every tag of an event's detail. The annulment (ANUL) has only a Y and a date: a program should keep it though it says so little. The LDS sealing (SLGS) has every tag an LDS ordinance may have. Each event's TYPE is its GEDCOM tag, but the annulment has none.",
  "4. The spouses' ages take every form 5.5 allows: years, months and days, < and >, and the words CHILD, INFANT and STILLBORN.",
  "5. This note is in the record itself; the record also cites a source, links to a picture and a submitter, and has a user reference number, a record id and a change date.",
].join("\n");

/** The 5.5 BLOB encoding: each 6 bits of the data as one character of ./0-9A-Za-z, in lines of 64. */
function blob(bytes) {
  const alphabet = "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    for (let k = 18; k >= 0; k -= 6) out += alphabet[(n >> k) & 63];
  }
  return "\n" + out.match(/.{1,64}/g).join("\n");
}

// A GIF of one green pixel, with a comment extension saying what it is.
const COMMENT = "One green pixel, written for the Roots project's GEDCOM tests.";
const GIF = Buffer.concat([
  Buffer.from("GIF89a", "latin1"),
  Buffer.from([1, 0, 1, 0, 0x80, 0, 0, 0x00, 0x80, 0x00, 0xff, 0xff, 0xff]),
  Buffer.from([0x21, 0xfe, COMMENT.length]),
  Buffer.from(COMMENT, "latin1"),
  Buffer.from([0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b]),
]);

/** Notes with a SOURCE citation of every field, as GEDCOM lets a NOTE record cite. */
const citedNote = (xref, text, time) =>
  noteRecord(
    xref,
    text,
    g(
      "SOUR",
      "@S2@",
      g("PAGE", "p. 14"),
      g("EVEN", "BIRT", g("ROLE", "Mother")),
      g("DATA", null, g("DATE", "1 JUN 1966"), g("TEXT", `A letter of the family: "the boy was born at home, ${CUT}in the night."`)),
      g("QUAY", "2"),
      g("NOTE", "@N_CITED@"),
    ),
    chan("2 DEC 2026", time),
  );
const note = (xref, text, time, ...more) => noteRecord(xref, text, ...more, chan("2 DEC 2026", time));

/** The sources, the repository, the NOTE records, the multimedia object and the trailer. */
export function sources(twoNames) {
  return [
    rec(
      "@S1@",
      "SOUR",
      null,
      g(
        "TITL",
        `The baptism and marriage register of the parish of Our Lady of Deliverance, ${CUT}volumes 3 to 9\nA second line of the title.`,
      ),
      g("ABBR", "Register of Our Lady"),
      g("AUTH", `The parish priests who kept the register, one after another, over a hundred ${CUT}years\nA second line of the authors.`),
      g("PUBL", `Not published: kept at the parish, and filmed in 1985 by the Roots ${CUT}volunteers.\nA second line.`),
      g(
        "REPO",
        "@R1@",
        g("CALN", "REG-03-09", g("MEDI", "Book")),
        g("NOTE", "A note on the link to the repository: where in the archive the books stand, and who holds the key of that shelf."),
      ),
      g(
        "TEXT",
        `The register's own words, as the priest wrote them on the first page of the third volume, ${CUT}word for word.\n\nAs many lines as needed.`,
      ),
      g(
        "DATA",
        null,
        g("EVEN", "BIRT, CHR", g("DATE", "FROM 1 JAN 1900 TO 31 DEC 1999"), g("PLAC", ZAHLE)),
        g("EVEN", "DEAT", g("DATE", "FROM 1 JAN 1900 TO 31 DEC 1999"), g("PLAC", `Ba${AYN}albek, Baalbek, Baalbek-Hermel, Lebanon`)),
        g("AGNC", "The Maronite parish of Zahl\xE2e"),
        g(
          "NOTE",
          "A note on the data in the source.\n\nAfter a blank line: the register has gaps in the war years, and some pages were written again later from memory.",
        ),
      ),
      g("NOTE", "@N_S1@"),
      g("NOTE", "A note in the SOURCE record itself, beside the one in a NOTE record: a program should keep both, each where it was."),
      g("OBJE", null, g("TITL", "The register's first page"), g("FORM", "jpeg"), g("NOTE", "@N_S1_PAGE@"), g("FILE", "register.jpg")),
      g("REFN", "REG-OLD", g("TYPE", "Archive number")),
      g("RIN", "1"),
      chan("2 DEC 2026", "12:00:00"),
    ),
    rec(
      "@S2@",
      "SOUR",
      null,
      g("TITL", "Letters of the Sfeir family"),
      g("ABBR", "Sfeir letters"),
      g("AUTH", "Several members of the family"),
      g("NOTE", "@N_S2@"),
      chan("2 DEC 2026", "12:01:00"),
      g("RIN", "2"),
    ),
    rec(
      "@R1@",
      "REPO",
      null,
      g("NAME", "Archive of the Maronite parish of Zahl\xE2e"),
      g(
        "ADDR",
        "Church of Our Lady of Deliverance\nSaydet el-Najat street\nZahl\xE2e, Lebanon",
        g("ADR1", "Church of Our Lady of Deliverance"),
        g("ADR2", "Saydet el-Najat street"),
        g("CITY", `Zahl${ACUTE}e`),
        g("STAE", "Beqaa"),
        g("POST", "1801"),
        g("CTRY", "Lebanon"),
      ),
      g("PHON", "+961 8 000 001 (office)"),
      g("PHON", "+961 8 000 002 (archive)"),
      g("PHON", "+961 8 000 003 (the priest)"),
      g("NOTE", "@N_REPO@"),
      g("REFN", "ARCH-1", g("TYPE", "Sample")),
      g("RIN", "1"),
      chan("2 DEC 2026", "12:02:00"),
    ),
    note("@N_P1@", P1_NOTE, "13:00:00", g("REFN", "N-1", g("TYPE", "Note number")), g("RIN", "1")),
    citedNote(
      "@N_BIRTH@",
      "About the birth itself.\n\nThis NOTE record has its own source citation, with every field a citation has.",
      "13:01:00",
    ),
    note("@N_CITED@", "A note on the citation inside a NOTE record: a NOTE record may cite sources too, with every field.", "13:02:00"),
    twoNames &&
      note(
        "@N_CITE@",
        "This citation, in the second NAME structure, has every field a citation of a SOURCE record may have: page, event and role, data, quality, a media link and this note.\n\nThe note is a NOTE record of its own.",
        "13:03:00",
      ),
    twoNames && note("@N_CARD@", "A note on the media link in the second NAME structure's citation.", "13:04:00"),
    note("@N_LDS@", "A note on the LDS baptism, which uses every tag an LDS ordinance may have.", "13:05:00"),
    note("@N_SLGS@", "A note on the LDS sealing of the spouses.", "13:06:00", g("SOUR", "@S1@")),
    note("@N_SLGS_CITE@", "A note on the citation of the sealing.", "13:07:00"),
    note("@N_PROP@", "A note, in a NOTE record, on the citation of the orchard.", "13:07:30"),
    note("@N_SECOND@", "The second source citation of this person.", "13:08:00"),
    note(
      "@N_INLINE@",
      "How does a program read a source written in the record rather than a link to a SOURCE record? Old files are full of them.",
      "13:09:00",
    ),
    note("@N_SUBM@", "A note on the submitter's picture.", "13:10:00"),
    note(
      "@N_S1@",
      'What to look for in the SOURCE record "The baptism and marriage register".\n\n1. It uses every tag a SOURCE record may have.\n2. Its DATA has two lists of events.\n3. Are the notes on the repository link and on the data kept, each where it was?\n4. It has a note in a NOTE record (this one) and one in the record itself: are both kept, apart?',
      "13:11:00",
    ),
    note("@N_S1_PAGE@", "A note on the picture linked to the source.", "13:12:00"),
    note("@N_S2@", "A second SOURCE record, with only a few tags.", "13:13:00"),
    note(
      "@N_REPO@",
      "What to look for in the REPOSITORY record.\n\n1. The address is given twice: as lines, and in its parts. Is everything kept?\n2. It has three telephone numbers. Are all three kept?",
      "13:14:00",
      cite("the archive", "p. 1"),
    ),
    note("@N_NOOR@", NOOR_NOTE, "13:15:00"),
    note(
      "@N_SALAM@",
      'What to look for in "Salam Private Sfeir".\n\nThe record is restricted as private (RESN privacy): a public site hides it; a program should at least keep the restriction.',
      "13:16:00",
    ),
    note("@N_RAYAN@", 'About "Rayan Third-Child Sfeir": the child of Youssef\'s second marriage.', "13:17:00"),
    note("@N_RIMA@", 'About "Rima First-Wife Nasr": Youssef\'s first wife, with approximate dates.', "13:18:00"),
    note("@N_CARLA@", 'About "Carla Second-Wife Tannous": his second wife; her dates are a range and a period.', "13:19:00"),
    note("@N_FATHER@", 'About "Antoun Sfeir": Youssef\'s father, in a family with no mother.', "13:20:00"),
    note("@N_LAYLA@", 'About "Layla Foster-Mother Karam": she adopted Youssef, in a family with no father.', "13:21:00"),
    note("@N_WARDE@", 'About "Warde Matriarch Haddad": everyone in the file descends from her or married someone who does.', "13:22:00"),
    note(
      "@N_STD@",
      'What to look for in "Boutros Standard-Links Khoury".\n\nHis media links name the kinds of file GEDCOM 5.5 lists (bmp, gif, jpeg, ole, pcx, tiff, wav), some with TITL before FORM, and one links to a MULTIMEDIA record.',
      "13:23:00",
    ),
    note(
      "@N_OTHER@",
      `What to look for in "Mariam Other-Formats Khoury".\n\nHer links name kinds of file the standard does not list: Macintosh pictures and sounds, films, Photoshop, PNG. A program should keep links it cannot open; dropping them loses the family's da${CUT}ta.`,
      "13:24:00",
    ),
    note(
      "@N_DOCS@",
      'What to look for in "Georges Documents Khoury".\n\nHis links are documents, not pictures: text, Word, rich text, PDF, a web page.',
      "13:25:00",
    ),
    note(
      "@N_URLS@",
      'What to look for in "Hoda Web-Links Khoury".\n\nHer links are addresses on the web (https, http, ftp, mailto), with URL as their FORM. None is meant to be fetched.',
      "13:26:00",
    ),
    note("@N_ACCENTS@", anselMarksNote(), "13:27:00"),
    note("@N_SPECIALS@", anselSpecialsNote(), "13:28:00"),
    note("@N_F_PARENTS@", "The family of Antoun and Youssef: a father, no mother.", "13:29:00"),
    note("@N_F_FOSTER@", "The family of Layla and Youssef: a mother who adopted, no father.", "13:30:00"),
    note("@N_F_SECOND@", "Youssef's second marriage, with one child.", "13:31:00"),
    note("@N_F_MATRIARCH@", "Boutros and Warde: their three children link to media files of every kind.", "13:32:00"),
    note("@N_F_ACCENTS@", "Elias and Nadia: the two spouses test the ANSEL character set.", "13:33:00"),
    note("@N_F_MARIAM@", "Mariam and her son Elias: it links the generations.", "13:34:00"),
    rec(
      "@M1@",
      "OBJE",
      null,
      g("TITL", "A picture kept in the file itself"),
      g("FORM", "gif"),
      g("BLOB", blob(GIF)),
      g("NOTE", "A picture embedded as a 5.5 BLOB.\nDecoded, it is a GIF of one green pixel."),
      g("REFN", "M-1", g("TYPE", "Picture number")),
      g("RIN", "1"),
      chan("2 DEC 2026", "14:00:00"),
    ),
    g("TRLR", null),
  ];
}

const P1_NOTE = [
  'What to look for in "Youssef Every-Tag Sfeir".',
  "",
  "1. Two NAME structures, which GEDCOM allows and some programs cannot bear (the one-name files leave out the second). The first has every part of a name, a citation and a note.",
  "2. The birth and the death use every tag of an event; the birth links to the family it concerns.",
  "3. Two spouses and two families of origin, the one he was born in and the one that adopted him (PEDI), each link with notes.",
  "4. Every individual event, with its GEDCOM tag as its TYPE: two christenings (an event may come twice), an adoption naming the adopting family, a cremation with only a Y, LDS ordinances (one with only a Y), and dates of every form: approximate, ranges, periods, interpreted, words only, Hebrew, French republican, Hijri, dual years, before the common era.",
  "5. Every attribute; two occupations.",
  "6. Three notes (this NOTE record and two in the record) and three source citations (two of SOURCE records, one written in place).",
  "7. An alias, two associations, a submitter and the submitters interested in his ancestors and descendants, and every number a record may carry.",
].join("\n");

const NOOR_NOTE = [
  'What to look for in "Noor Locked Sfeir".',
  "",
  "The record is locked (RESN locked). This note also tests how CONT and CONC are read.",
  "",
  "TEST 1: a word cut in two. The word TOGE",
  `THER must be read whole.`,
  "",
  'TEST 2: at signs. In GEDCOM text an at sign is written twice ("@@"), and the reader must give back one: here is one: @@.',
  "",
  `TEST 3: a cut without its space. The writer forgot the space at the end of a line, so "End" and "Start" must be read as one word: End${CUT}Start.`,
  "",
  "TEST 4: empty lines. The paragraphs of this note have empty lines between them.",
]
  .join("\n")
  .replace("TOGE\nTHER", `TOGE${CUT}THER`);
