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
    ["MM", "", "جد لأب", "grandfather", "grand-père"],
    ["MF", "", "جدة لأب", "grandmother", "grand-mère"],
    ["FM", "", "جد لأم", "grandfather", "grand-père"],
    ["FF", "", "جدة لأم", "grandmother", "grand-mère"],
    ["MFM", "", "جد الأب", "great-grandfather", "arrière-grand-père"],
    ["MMMM", "", "جد الجد", "2nd great-grandfather", "arrière-arrière-grand-père"],
    ["MMMMM", "", "جد جد الأب", "3rd great-grandfather", "ancêtre à la 5e génération"],
    ["", "M", "ابن", "son", "fils"],
    ["", "F", "ابنة", "daughter", "fille"],
    ["", "MM", "حفيد", "grandson", "petit-fils"],
    ["", "FF", "حفيدة", "granddaughter", "petite-fille"],
    ["", "MMM", "ابن الحفيد", "great-grandson", "arrière-petit-fils"],
    ["M", "M", "أخ", "brother", "frère"],
    ["F", "F", "أخت", "sister", "sœur"],
    // Uncles and aunts: the side is the parent's gender.
    ["MM", "M", "عم", "uncle", "oncle"],
    ["MM", "F", "عمة", "aunt", "tante"],
    ["FM", "M", "خال", "uncle", "oncle"],
    ["FM", "F", "خالة", "aunt", "tante"],
    ["MF", "M", "عم", "uncle", "oncle"],
    ["FF", "F", "خالة", "aunt", "tante"],
    ["MMM", "M", "عم الأب", "great-uncle", "grand-oncle"],
    ["FMM", "F", "عمة الأم", "great-aunt", "grand-tante"],
    ["MFM", "M", "خال الأب", "great-uncle", "grand-oncle"],
    ["MMMM", "M", "عم الجد", "2nd great-uncle", "arrière-grand-oncle"],
    // Nephews and nieces: the sibling's gender.
    ["M", "MM", "ابن أخ", "nephew", "neveu"],
    ["M", "MF", "ابنة أخ", "niece", "nièce"],
    ["F", "FM", "ابن أخت", "nephew", "neveu"],
    ["F", "FF", "ابنة أخت", "niece", "nièce"],
    ["M", "MMM", "ابن ابن الأخ", "great-nephew", "petit-neveu"],
    // The eight first cousins.
    ["MM", "MM", "ابن عم", "first cousin", "cousin germain"],
    ["MM", "MF", "بنت عم", "first cousin", "cousine germaine"],
    ["MM", "FM", "ابن عمة", "first cousin", "cousin germain"],
    ["MM", "FF", "بنت عمة", "first cousin", "cousine germaine"],
    ["FM", "MM", "ابن خال", "first cousin", "cousin germain"],
    ["FM", "MF", "بنت خال", "first cousin", "cousine germaine"],
    ["FM", "FM", "ابن خالة", "first cousin", "cousin germain"],
    ["FM", "FF", "بنت خالة", "first cousin", "cousine germaine"],
    // Removed and distant cousins: a descriptive chain in Arabic.
    ["MMM", "MM", "ابن عم الأب", "first cousin once removed", "cousin germain (une génération d'écart)"],
    ["FMM", "FF", "بنت عمة الأم", "first cousin once removed", "cousine germaine (une génération d'écart)"],
    ["MM", "MMM", "ابن ابن العم", "first cousin once removed", "cousin germain (une génération d'écart)"],
    ["MMMM", "MM", "ابن عم الجد", "first cousin twice removed", "cousin germain (2 générations d'écart)"],
    ["MMM", "MMM", "ابن ابن عم الأب", "second cousin", "cousin issu de germain"],
    ["MMMM", "MMM", "ابن ابن عم الجد", "second cousin once removed", "cousin issu de germain (une génération d'écart)"],
    ["MMMM", "MMMM", "ابن ابن ابن عم الجد", "third cousin", "cousin au 3e degré"],
  ])("up %s, down %s: %s / %s / %s", (up, down, ar, en, fr) => {
    expect(relationshipNames(shape(up, down))).toEqual({ ar, en, fr });
  });

  it("half-siblings: Arabic says whether through the father or the mother", () => {
    expect(relationshipNames(shape("M", "M", { half: true }))).toEqual({ ar: "أخ لأب", en: "half-brother", fr: "demi-frère" });
    expect(relationshipNames(shape("F", "F", { half: true }))).toEqual({ ar: "أخت لأم", en: "half-sister", fr: "demi-sœur" });
    expect(relationshipNames(shape("U", "M", { half: true })).ar).toBe("أخ غير شقيق");
    expect(relationshipNames(shape("MM", "M", { half: true }))).toMatchObject({ ar: "عم غير شقيق", en: "half-uncle" });
    expect(relationshipNames(shape("MM", "MM", { half: true })).en).toBe("half first cousin");
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
    expect(relationshipNames(shape("MM", "UU")).ar).toBe("ولد عم أو عمة");
    expect(relationshipNames(shape("FM", "UF")).ar).toBe("بنت خال أو خالة");
  });
});

describe("relations by marriage", () => {
  it.each<[string, string, { via?: Gender; spouse?: Gender }, string, string, string]>([
    ["", "", { via: "M" }, "زوج", "husband", "époux"],
    ["", "", { via: "F" }, "زوجة", "wife", "épouse"],
    ["M", "", { via: "F" }, "حمو", "father-in-law", "beau-père"],
    ["F", "", { via: "M" }, "حماة", "mother-in-law", "belle-mère"],
    ["", "M", { spouse: "M" }, "صهر", "son-in-law", "gendre"],
    ["", "M", { spouse: "F" }, "كنة", "daughter-in-law", "belle-fille"],
    ["M", "M", { via: "F" }, "أخ الزوجة", "brother-in-law", "beau-frère"],
    ["M", "F", { via: "M" }, "أخت الزوج", "sister-in-law", "belle-sœur"],
    ["M", "M", { spouse: "F" }, "زوجة الأخ", "sister-in-law", "belle-sœur"],
    ["M", "F", { spouse: "M" }, "زوج الأخت", "brother-in-law", "beau-frère"],
    ["M", "M", { via: "M", spouse: "F" }, "سلفة", "sister-in-law", "belle-sœur"],
    ["F", "F", { via: "F", spouse: "M" }, "سلف", "brother-in-law", "beau-frère"],
    ["MM", "M", { via: "F" }, "عم الزوجة", "wife's uncle", "oncle de l'épouse"],
    ["MM", "F", { spouse: "M" }, "زوج العمة", "aunt's husband", "époux de la tante"],
    ["FM", "M", { spouse: "F" }, "زوجة الخال", "uncle's wife", "épouse de l'oncle"],
    ["", "M", { via: "F" }, "ابن الزوجة", "stepson", "beau-fils"],
    ["M", "", { spouse: "F" }, "زوجة الأب", "stepmother", "belle-mère"],
  ])("up %s, down %s %j: %s / %s / %s", (up, down, o, ar, en, fr) => {
    expect(relationshipNames(shape(up, down, o))).toEqual({ ar, en, fr });
  });
});

it("the same person", () => {
  expect(relationshipNames(shape("", ""))).toBe(SAME_PERSON);
});
