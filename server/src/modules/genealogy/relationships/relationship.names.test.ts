import { describe, expect, it } from "@jest/globals";
import { relationshipNames, SAME_PERSON, type Gender, type LinkKind, type RelationShape } from "./relationship.names.js";

const g = (s: string) => s.split("").filter(Boolean) as Gender[];
/** up/down as gender strings ("MF" = father, then his mother); `via`/`spouse` for in-laws. */
const shape = (up: string, down: string, o: { via?: Gender; spouse?: Gender; half?: boolean; kind?: LinkKind } = {}): RelationShape => ({
  up: g(up),
  down: g(down),
  viaSpouse: o.via ?? null,
  spouse: o.spouse ?? null,
  half: o.half ?? false,
  kind: o.kind ?? "birth",
});

describe("blood relations", () => {
  it.each<[string, string, string, string, string]>([
    ["M", "", "أب", "father", "père"],
    ["F", "", "أم", "mother", "mère"],
    ["U", "", "والد", "parent", "parent"],
    ["MM", "", "جد لأب", "paternal grandfather", "grand-père paternel"],
    ["MF", "", "جدة لأب", "paternal grandmother", "grand-mère paternelle"],
    ["FM", "", "جد لأم", "maternal grandfather", "grand-père maternel"],
    ["FF", "", "جدة لأم", "maternal grandmother", "grand-mère maternelle"],
    ["MFM", "", "جد الأب", "paternal great-grandfather", "arrière-grand-père paternel"],
    ["MMMM", "", "جد الجد", "paternal 2nd great-grandfather", "arrière-arrière-grand-père paternel"],
    ["MMMMM", "", "جد جد الأب", "paternal 3rd great-grandfather", "ancêtre à la 5e génération"],
    ["", "M", "ابن", "son", "fils"],
    ["", "F", "ابنة", "daughter", "fille"],
    ["", "MM", "حفيد", "grandson", "petit-fils"],
    ["", "FF", "حفيدة", "granddaughter", "petite-fille"],
    ["", "MMM", "ابن الحفيد", "great-grandson", "arrière-petit-fils"],
    ["M", "M", "أخ", "brother", "frère"],
    ["F", "F", "أخت", "sister", "sœur"],
    // Uncles and aunts: the side is the parent's gender.
    ["MM", "M", "عم", "paternal uncle", "oncle paternel"],
    ["MM", "F", "عمة", "paternal aunt", "tante paternelle"],
    ["FM", "M", "خال", "maternal uncle", "oncle maternel"],
    ["FM", "F", "خالة", "maternal aunt", "tante maternelle"],
    ["MF", "M", "عم", "paternal uncle", "oncle paternel"],
    ["FF", "F", "خالة", "maternal aunt", "tante maternelle"],
    ["MMM", "M", "عم الأب", "paternal great-uncle", "grand-oncle paternel"],
    ["FMM", "F", "عمة الأم", "maternal great-aunt", "grand-tante maternelle"],
    ["MFM", "M", "خال الأب", "paternal great-uncle", "grand-oncle paternel"],
    ["MMMM", "M", "عم الجد", "paternal 2nd great-uncle", "arrière-grand-oncle paternel"],
    // Nephews and nieces: the sibling's gender.
    ["M", "MM", "ابن أخ", "nephew", "neveu"],
    ["M", "MF", "ابنة أخ", "niece", "nièce"],
    ["F", "FM", "ابن أخت", "nephew", "neveu"],
    ["F", "FF", "ابنة أخت", "niece", "nièce"],
    ["M", "MMM", "ابن ابن الأخ", "great-nephew", "petit-neveu"],
    // The eight first cousins.
    ["MM", "MM", "ابن العم", "paternal first cousin", "cousin germain paternel"],
    ["MM", "MF", "بنت العم", "paternal first cousin", "cousine germaine paternelle"],
    ["MM", "FM", "ابن العمة", "paternal first cousin", "cousin germain paternel"],
    ["MM", "FF", "بنت العمة", "paternal first cousin", "cousine germaine paternelle"],
    ["FM", "MM", "ابن الخال", "maternal first cousin", "cousin germain maternel"],
    ["FM", "MF", "بنت الخال", "maternal first cousin", "cousine germaine maternelle"],
    ["FM", "FM", "ابن الخالة", "maternal first cousin", "cousin germain maternel"],
    ["FM", "FF", "بنت الخالة", "maternal first cousin", "cousine germaine maternelle"],
    // Removed and distant cousins: a descriptive chain in Arabic.
    ["MMM", "MM", "ابن عم الأب", "first cousin once removed", "cousin germain (une génération d'écart)"],
    ["FMM", "FF", "بنت عمة الأم", "first cousin once removed", "cousine germaine (une génération d'écart)"],
    ["MM", "MMM", "ابن ابن العم", "first cousin once removed", "cousin germain (une génération d'écart)"],
    ["MMMM", "MM", "ابن عم الجد", "first cousin twice removed", "cousin germain (2 générations d'écart)"],
    ["MMM", "MMM", "ابن ابن عم الأب", "second cousin", "cousin issu de germain"],
    ["MMMM", "MMM", "ابن ابن عم الجد", "second cousin once removed", "cousin issu de germain (une génération d'écart)"],
    ["MMMM", "MMMM", "ابن ابن ابن عم الجد", "third cousin", "cousin au 3e degré"],
    // Second and third cousins on the mother's side and through women keep the sides along the chain.
    ["FMM", "FFF", "ابنة بنت عمة الأم", "second cousin", "cousine issue de germain"],
    ["MFM", "MFM", "ابن بنت خال الأب", "second cousin", "cousin issu de germain"],
    ["FFMM", "MMMF", "ابنة ابن ابن عم الجدة", "third cousin", "cousine au 3e degré"],
    ["MMFF", "FFFM", "ابن ابنة بنت خالة الجد", "third cousin", "cousin au 3e degré"],
    ["FFF", "FF", "بنت خالة الأم", "first cousin once removed", "cousine germaine (une génération d'écart)"],
    ["MM", "FMF", "ابنة ابن العمة", "first cousin once removed", "cousine germaine (une génération d'écart)"],
    ["MMM", "MMMM", "ابن ابن ابن عم الأب", "second cousin once removed", "cousin issu de germain (une génération d'écart)"],
    ["MMMMM", "MMMM", "ابن ابن ابن عم جد الأب", "third cousin once removed", "cousin au 3e degré (une génération d'écart)"],
  ])("up %s, down %s: %s / %s / %s", (up, down, ar, en, fr) => {
    expect(relationshipNames(shape(up, down))).toEqual({ ar, en, fr });
  });

  it("half-siblings: Arabic says whether through the father or the mother", () => {
    expect(relationshipNames(shape("M", "M", { half: true }))).toEqual({ ar: "أخ لأب", en: "half-brother", fr: "demi-frère" });
    expect(relationshipNames(shape("F", "F", { half: true }))).toEqual({ ar: "أخت لأم", en: "half-sister", fr: "demi-sœur" });
    expect(relationshipNames(shape("U", "M", { half: true })).ar).toBe("أخ غير شقيق");
    expect(relationshipNames(shape("MM", "M", { half: true }))).toMatchObject({ ar: "عم غير شقيق", en: "paternal half-uncle" });
    expect(relationshipNames(shape("MM", "MM", { half: true })).en).toBe("paternal half first cousin");
  });

  it("step and adoptive links change the close names", () => {
    expect(relationshipNames(shape("M", "", { kind: "step" }))).toEqual({ ar: "زوج الأم", en: "stepfather", fr: "beau-père" });
    expect(relationshipNames(shape("F", "", { kind: "step" }))).toEqual({ ar: "زوجة الأب", en: "stepmother", fr: "belle-mère" });
    expect(relationshipNames(shape("", "M", { kind: "step" }))).toEqual({ ar: "ربيب", en: "stepson", fr: "beau-fils" });
    expect(relationshipNames(shape("M", "", { kind: "adoptive" }))).toEqual({
      ar: "أب بالتبنّي",
      en: "adoptive father",
      fr: "père adoptif",
    });
    expect(relationshipNames(shape("", "F", { kind: "adoptive" }))).toEqual({
      ar: "ابنة بالتبنّي",
      en: "adopted daughter",
      fr: "fille adoptive",
    });
    expect(relationshipNames(shape("M", "F", { kind: "step" }))).toEqual({
      ar: "ابنة زوج أحد الوالدين",
      en: "stepsister",
      fr: "quasi-sœur",
    });
  });

  it("unknown genders give neutral or double names, never a wrong side", () => {
    expect(relationshipNames(shape("UM", "U"))).toEqual({ ar: "أخ الوالد", en: "uncle or aunt", fr: "oncle ou tante" });
    expect(relationshipNames(shape("U", "U"))).toEqual({ ar: "أخ أو أخت", en: "sibling", fr: "frère ou sœur" });
    expect(relationshipNames(shape("UU", "UU")).ar).toBe("ابن أخ الوالد");
    expect(relationshipNames(shape("MM", "UU")).ar).toBe("ولد العم أو العمة");
    expect(relationshipNames(shape("FM", "UF")).ar).toBe("بنت الخال أو الخالة");
    expect(relationshipNames(shape("MU", "U"))).toEqual({
      ar: "عم أو عمة",
      en: "paternal uncle or aunt",
      fr: "oncle ou tante du côté paternel",
    });
    expect(relationshipNames(shape("FU", ""))).toEqual({
      ar: "جد أو جدة لأم",
      en: "maternal grandparent",
      fr: "grand-parent du côté maternel",
    });
    expect(relationshipNames(shape("UM", ""))).toEqual({ ar: "جد", en: "grandfather", fr: "grand-père" });
    expect(relationshipNames(shape("UU", "UU"))).toMatchObject({ en: "first cousin", fr: "cousin germain" });
  });
});

describe("relations by marriage", () => {
  it.each<[string, string, { via?: Gender; spouse?: Gender }, string, string, string]>([
    ["", "", { via: "M" }, "زوج", "husband", "époux"],
    ["", "", { via: "F" }, "زوجة", "wife", "épouse"],
    ["M", "", { via: "F" }, "حمو", "father-in-law", "beau-père"],
    ["F", "", { via: "M" }, "حماة", "mother-in-law", "belle-mère"],
    ["", "M", { spouse: "M" }, "صهر", "son-in-law", "gendre"],
    ["", "M", { spouse: "F" }, "كنّة", "daughter-in-law", "belle-fille"],
    ["M", "M", { via: "F" }, "أخ الزوجة", "brother-in-law", "beau-frère"],
    ["M", "F", { via: "M" }, "أخت الزوج", "sister-in-law", "belle-sœur"],
    ["M", "M", { spouse: "F" }, "زوجة الأخ", "sister-in-law", "belle-sœur"],
    ["M", "F", { spouse: "M" }, "زوج الأخت", "brother-in-law", "beau-frère"],
    ["M", "M", { via: "M", spouse: "F" }, "سلفة", "sister-in-law", "belle-sœur"],
    ["F", "F", { via: "F", spouse: "M" }, "عديل", "brother-in-law", "beau-frère"],
    ["MM", "M", { via: "F" }, "عم الزوجة", "wife's paternal uncle", "oncle paternel de l'épouse"],
    ["MM", "F", { spouse: "M" }, "زوج العمة", "paternal aunt's husband", "époux de la tante paternelle"],
    ["FM", "M", { spouse: "F" }, "زوجة الخال", "maternal uncle's wife", "épouse de l'oncle maternel"],
    ["", "F", { spouse: "M" }, "صهر", "son-in-law", "gendre"],
    ["F", "", { via: "F" }, "حماة", "mother-in-law", "belle-mère"],
    ["M", "", { via: "M" }, "حمو", "father-in-law", "beau-père"],
    ["", "U", { spouse: "U" }, "صهر أو كنّة", "child-in-law", "gendre ou belle-fille"],
    ["U", "", { via: "F" }, "حمو أو حماة", "parent-in-law", "beau-parent"],
    ["M", "M", { via: "M" }, "أخ الزوج", "brother-in-law", "beau-frère"],
    ["F", "F", { via: "M", spouse: "M" }, "زوج أخت الزوج", "brother-in-law", "beau-frère"],
    ["MM", "MM", { spouse: "F" }, "زوجة ابن العم", "paternal first cousin's wife", "épouse du cousin germain paternel"],
    ["FM", "FF", { via: "M" }, "بنت خالة الزوج", "husband's maternal first cousin", "cousine germaine maternelle de l'époux"],
    ["", "MM", { spouse: "F" }, "زوجة الحفيد", "grandson's wife", "épouse du petit-fils"],
    ["", "M", { via: "F" }, "ابن الزوجة", "stepson", "beau-fils"],
    ["M", "", { spouse: "F" }, "زوجة الأب", "stepmother", "belle-mère"],
  ])("up %s, down %s %j: %s / %s / %s", (up, down, o, ar, en, fr) => {
    expect(relationshipNames(shape(up, down, o))).toEqual({ ar, en, fr });
  });
});

it("the same person", () => {
  expect(relationshipNames(shape("", ""))).toBe(SAME_PERSON);
});
