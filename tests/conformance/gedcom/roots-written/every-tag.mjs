// The GEDCOM 5.5 "every tag in every place" file, written for Roots: one person with every event
// and attribute, one family with every family event and both spouses' ages in every form, each
// with a date, a place, a source citation and a note that go on with CONT and CONC (a word cut in
// two), in ASCII with LF line ends, an extension tag in every record and one of its own, a line
// of 255 characters, an at sign written twice. It tests what H. Eichmann's allged.ged tested (its
// terms allow no commercial use), with its own people, words and layout.
import { CUT, g, rec } from "./gedcom-writer.mjs";

const EXT = "_ROOTS_TEST";
const ext = (what) => g(EXT, `An extension tag in the ${what}: a reader keeps it, or says it did not.`);
/** Text of two lines; the second cuts a word in two with CONC. */
const twoLines = (first) => `${first}\nIt goes on here, and the word TOGE${CUT}THER must be read whole.`;
const citation = (page = "p. 42") =>
  g(
    "SOUR",
    "@S1@",
    g("PAGE", page),
    g("DATA", null, g("DATE", "1 MAY 1950"), g("TEXT", twoLines("The words of the source."))),
    g("QUAY", "3"),
    g("NOTE", twoLines("A note on the citation.")),
  );
/** An event or attribute: date, place, citation, note, and what else it needs. */
const detail = (tag, value, date, note, ...more) =>
  g(tag, value, ...more, g("DATE", date), g("PLAC", "Jezzine, Jezzine, South, Lebanon"), citation(), g("NOTE", twoLines(note)));
const chan = (time) => g("CHAN", "", g("DATE", "2 DEC 2026", g("TIME", time)), g("NOTE", twoLines("A note on the change.")));

/** A line of exactly 248 characters, so that `2 CONT ` and it make 255, the most 5.5 allows. */
function longestLine() {
  let line =
    "This line is 255 characters long with its level and tag, the longest GEDCOM 5.5 allows; a reader that keeps less loses the end:";
  while (line.length + " long".length <= 248 - " END.".length) line += " long";
  line += ".".repeat(248 - line.length - " END.".length) + " END.";
  if (line.length !== 248) throw new Error("the longest line is not 248 characters");
  return line;
}

const HEAD_NOTE = [
  "About this file:",
  "It was written for the tests of Roots and holds most of what GEDCOM 5.5 can say. Nabil, the first person, has every event and attribute; his first family has every family event. Each has a date, a place, a source citation and a note that go on over two lines.",
  "Nabil has two wives (I2, I8), a father (I5) and an adoptive mother (I6), and three children (I3, I4, I7). The other people have only a name and their links.",
  "Several tags come twice on purpose: NAME, OCCU, FAMC, FAMS and NOTE.",
  longestLine(),
  "This at sign, written twice in the file, is read as one: @@.",
  `The note goes on here, and the word TOGE${CUT}THER must be read whole.`,
].join("\n");

/** The whole file. */
export function everyTag() {
  return [
    g(
      "HEAD",
      null,
      g("CHAR", "ASCII", g("VERS", "ANSI X3.4-1986")),
      g(
        "SOUR",
        "ROOTS_EVERY_TAG",
        g("VERS", "1.0"),
        g("NAME", "Roots every-tag writer"),
        g(
          "CORP",
          "The Roots project",
          g(
            "ADDR",
            "Address line 1\nAddress line 2\nAddress line 3\nAddress line 4",
            g("ADR1", "Address line 1"),
            g("ADR2", "Address line 2"),
            g("CITY", "Sidon"),
            g("STAE", "South"),
            g("POST", "1600"),
            g("CTRY", "Lebanon"),
          ),
          g("PHON", "+961 7 000 001"),
          g("PHON", "+961 7 000 002"),
          g("PHON", "+961 7 000 003 (the last one)"),
        ),
        g("DATA", "The Aoun family book (invented)", g("DATE", "1 JUN 2026"), g("COPR", "Written for the Roots project")),
      ),
      g("DEST", "ANY"),
      g("DATE", "2 DEC 2026", g("TIME", "13:57:24.80")),
      g("SUBM", "@U1@"),
      g("SUBN", "@SN1@"),
      g("FILE", "every-tag-55.ged"),
      g("COPR", "2026, the Roots project. Written for its tests; no one else's text."),
      g("GEDC", null, g("VERS", "5.5"), g("FORM", "LINEAGE-LINKED")),
      g("LANG", "Lebanese Arabic"),
      g("NOTE", HEAD_NOTE),
      ext("header"),
    ),
    rec(
      "@U1@",
      "SUBM",
      null,
      g("NAME", "/Submitter/"),
      g(
        "ADDR",
        "Submitter, line 1\nline 2\nline 3\nline 4",
        g("ADR1", "Submitter, line 1"),
        g("ADR2", "line 2"),
        g("CITY", "Jezzine"),
        g("STAE", "South"),
        g("POST", "1650"),
        g("CTRY", "Lebanon"),
      ),
      g("PHON", "+961 7 000 011"),
      g("PHON", "+961 7 000 012"),
      g("PHON", "+961 7 000 013 (the last one)"),
      g("LANG", "English"),
      chan("12:34:56.789"),
      ext("submitter"),
    ),
    rec(
      "@SN1@",
      "SUBN",
      null,
      g(EXT, "A SUBMISSION record may have no NOTE, so this extension tag says it: the submission's data are for the LDS church's use."),
      g("SUBM", "@U1@"),
      g("FAMF", "AounFamilyFile"),
      g("TEMP", "SIDON"),
      g("ANCE", "2"),
      g("DESC", "3"),
      g("ORDI", "no"),
    ),
    nabil(),
    rec("@I2@", "INDI", null, g("NAME", "/First Wife/"), g("SEX", "F"), g("FAMS", "@F1@")),
    rec("@I3@", "INDI", null, g("NAME", "/Child One/"), g("FAMC", "@F1@")),
    rec("@I4@", "INDI", null, g("NAME", "/Child Two/"), g("FAMC", "@F1@")),
    rec("@I5@", "INDI", null, g("NAME", "/Father/"), g("SEX", "M"), g("FAMS", "@F2@")),
    rec("@I6@", "INDI", null, g("NAME", "/Adoptive Mother/"), g("SEX", "F"), g("FAMS", "@F3@")),
    rec("@I7@", "INDI", null, g("NAME", "/Child Three/"), g("FAMC", "@F4@")),
    rec("@I8@", "INDI", null, g("NAME", "/Second Wife/"), g("SEX", "F"), g("FAMS", "@F4@")),
    firstFamily(),
    rec("@F2@", "FAM", null, g("HUSB", "@I5@"), g("CHIL", "@I1@")),
    rec("@F3@", "FAM", null, g("WIFE", "@I6@"), g("CHIL", "@I1@")),
    rec("@F4@", "FAM", null, g("HUSB", "@I1@"), g("WIFE", "@I8@"), g("CHIL", "@I7@")),
    rec(
      "@S1@",
      "SOUR",
      null,
      g(
        "DATA",
        null,
        g("EVEN", "BIRT, CHR", g("DATE", "FROM 1 JAN 1900 TO 1 FEB 1950"), g("PLAC", "Jezzine")),
        g("EVEN", "DEAT", g("DATE", "FROM 1 JAN 1900 TO 1 FEB 1950"), g("PLAC", "Sidon")),
        g("AGNC", "The parish of Jezzine"),
        g("NOTE", twoLines("A note on the data.")),
      ),
      g("AUTH", twoLines("The parish priests.")),
      g("TITL", twoLines("The book of baptisms of Jezzine.")),
      g("ABBR", "Jezzine baptisms"),
      g("PUBL", twoLines("Kept at the parish.")),
      g("TEXT", twoLines("The first words of the book.")),
      g(
        "OBJE",
        null,
        g("FORM", "bmp"),
        g("TITL", "The book's cover"),
        g("FILE", "\\\\archive\\books\\jezzine\\book cover.bmp"),
        g("NOTE", twoLines("A note on the picture.")),
      ),
      g("NOTE", twoLines("A note on the source.")),
      chan("12:34:56.789"),
      ext("source"),
    ),
    g(EXT, "An extension record of its own, at level 0."),
    g("TRLR", null),
  ];
}

/** Nabil: every event and attribute, each with its detail; two names, two of several links. */
function nabil() {
  const name = (value, date, quay) =>
    g(
      "NAME",
      value,
      g(
        "SOUR",
        "@S1@",
        g("PAGE", "p. 42"),
        g("DATA", null, g("DATE", date), g("TEXT", twoLines("The name in the source."))),
        g("QUAY", quay),
        g("NOTE", twoLines("A note on the citation.")),
      ),
      g("NOTE", twoLines("A note on the name.")),
    );
  return rec(
    "@I1@",
    "INDI",
    null,
    name("Nabil /Aoun/Jr.", "BEF 1 JAN 1950", "0"),
    name("Nabil Boulos /Aoun/", "AFT 1 JAN 1950", "1"),
    g("SEX", "M"),
    detail("BIRT", null, "31 DEC 1947", "The birth.", g("FAMC", "@F2@")),
    detail("CHR", null, "BEF 31 JAN 1948", "The christening.", g("FAMC", "@F2@")),
    detail("CHR", null, "AFT 30 JAN 1948", "A second christening."),
    detail("DEAT", null, "BET 31 DEC 2027 AND 1 JAN 2028", "The death."),
    detail("BURI", null, "ABT 3 JAN 2028", "The burial."),
    detail("CREM", "Y", "FROM 3 JAN 2028 TO 4 JAN 2028", "The cremation."),
    detail("ADOP", null, "CAL 31 DEC 1950", "The adoption.", g("FAMC", "@F3@", g("ADOP", "BOTH"))),
    detail("BAPM", null, "EST 31 DEC 1947", "The baptism."),
    detail("BARM", null, "FROM 31 DEC 1960", "The bar mitzvah."),
    detail("BASM", null, "TO 31 DEC 1960", "The bas mitzvah."),
    detail("BLES", null, "INT 31 DEC 1947 (31/12/47)", "The blessing."),
    detail("CHRA", null, "@#DGREGORIAN@ 31 DEC 1965", "The christening of an adult."),
    detail("CONF", null, "31 DEC 1959", "The confirmation."),
    detail("FCOM", null, "31 DEC 1955", "The first communion."),
    detail("ORDN", null, "31 DEC 1975", "The ordination."),
    detail("NATU", null, "31 DEC 1980", "The naturalization."),
    detail("EMIG", null, "31 DEC 1976", "The emigration."),
    detail("IMMI", null, "31 JAN 1977", "The immigration."),
    detail("CENS", null, "31 DEC 1990", "A census."),
    detail("PROB", null, "31 DEC 2028", "The probate."),
    detail("WILL", null, "31 DEC 2020", "The will."),
    detail("GRAD", null, "31 DEC 1970", "The graduation."),
    detail("RETI", null, "31 DEC 2012", "The retirement."),
    detail("EVEN", null, "31 DEC 1997", "A generic event.", g("TYPE", "The family's reunion")),
    detail("CAST", "Notable", "31 DEC 1997", "The caste or rank."),
    detail("DSCR", "Short, grey eyes", "31 DEC 1997", "The physical description."),
    detail("EDUC", "Engineering", "31 DEC 1997", "The education."),
    detail("IDNO", "6942", "31 DEC 1997", "An identity number.", g("TYPE", "Lebanese identity card")),
    detail("NATI", "Lebanese", "31 DEC 1997", "The nationality."),
    detail("NCHI", "3", "31 DEC 1997", "The number of children."),
    detail("NMR", "2", "31 DEC 1997", "The number of marriages."),
    detail("OCCU", "Engineer", "31 DEC 1997", "An occupation."),
    detail("OCCU", "Farmer", "31 DEC 2013", "Another occupation."),
    detail("PROP", "A house and a pine wood", "31 DEC 1997", "The property."),
    detail("RELI", "Melkite Catholic", "31 DEC 1997", "The religion."),
    detail("RESI", null, "31 DEC 1997", "The residence."),
    detail("SSN", "6942", "31 DEC 1997", "A social security number."),
    detail("TITL", "Engineer of the municipality", "31 DEC 1997", "A title."),
    g(
      "FAMC",
      "@F2@",
      g("PEDI", "birth"),
      g("NOTE", twoLines("A note on the link to his parents.")),
      g("NOTE", twoLines("Another note on it.")),
    ),
    g("FAMC", "@F3@", g("PEDI", "adopted"), g("NOTE", twoLines("A note on the link to his adoptive mother."))),
    g("FAMS", "@F1@", g("NOTE", twoLines("A note on the link to his first family.")), g("NOTE", twoLines("Another note on it."))),
    g("FAMS", "@F4@"),
    citation(),
    g(
      "OBJE",
      null,
      g("FORM", "gif"),
      g("TITL", "A picture of Nabil"),
      g("FILE", "\\\\archive\\people\\nabil aoun.gif"),
      g("NOTE", twoLines("A note on the picture.")),
    ),
    g("NOTE", twoLines("A note on Nabil.")),
    chan("12:34:56.789"),
    ext("person"),
  );
}

/** Nabil's first family: every family event, both spouses' ages in every form, then the members. */
function firstFamily() {
  const fam = (tag, date, husb, wife, note) =>
    detail(
      tag,
      null,
      date,
      note,
      tag === "EVEN" && g("TYPE", "The blessing of the house"),
      g("HUSB", null, g("AGE", husb)),
      g("WIFE", null, g("AGE", wife)),
    );
  return rec(
    "@F1@",
    "FAM",
    null,
    fam("ANUL", "31 DEC 1997", "42y", "42y 6m", "The annulment."),
    fam("CENS", "31 DEC 1990", "42y 6m 9d", "6m 9d", "A census."),
    fam("DIV", "31 DEC 1997", "42y 3d", "42m", "The divorce."),
    fam("DIVF", "30 JUN 1997", "42d", "CHILD", "The filing for divorce."),
    fam("ENGA", "31 DEC 1971", "24y", "STILLBORN", "The engagement."),
    fam("MARR", "30 JUN 1972", "24y 6m", "INFANT", "The marriage."),
    fam("MARB", "1 JUN 1972", "24y", ">20y 6m", "The banns."),
    fam("MARC", "10 JUN 1972", "24y", "<21y", "The marriage contract."),
    fam("MARL", "15 JUN 1972", "24y", "21y", "The marriage licence."),
    fam("MARS", "20 JUN 1972", "24y", "21y", "The marriage settlement."),
    fam("EVEN", "31 DEC 1980", "33y", "29y", "A generic family event."),
    g("HUSB", "@I1@"),
    g("WIFE", "@I2@"),
    g("CHIL", "@I3@"),
    g("CHIL", "@I4@"),
    g("NCHI", "2"),
    citation(),
    g(
      "OBJE",
      null,
      g("FORM", "bmp"),
      g("TITL", "The family"),
      g("FILE", "\\\\archive\\families\\aoun family.bmp"),
      g("NOTE", twoLines("A note on the picture.")),
    ),
    g("NOTE", twoLines("A note on the family.")),
    chan("12:34:56.789"),
    ext("family"),
  );
}
