/**
 * Names of kinship in Arabic, English and French — pure functions, no database.
 * A name always describes `b` as seen from `a` ("b is a's paternal uncle").
 * Arabic keeps the father's and mother's sides apart (عم / خال), so the genders of
 * the people along the path matter, not only the distance.
 */
export type Gender = "M" | "F" | "U";
export type LinkKind = "birth" | "adoptive" | "step" | "unknown";
export interface Names {
  ar: string;
  en: string;
  fr: string;
}

/** How b is reached from a: optional spouse at each end, a line up to the common ancestor, a line down. */
export interface RelationShape {
  /** Gender of a's spouse when the line starts from them (b is a relative by marriage); null otherwise. */
  viaSpouse: Gender | null;
  /** Genders going up from the start: parent, grandparent, … the common ancestor last. */
  up: Gender[];
  /** Genders going down from the common ancestor: its child, … the end person last. */
  down: Gender[];
  /** b's gender when b is the spouse of the end person; null otherwise. */
  spouse: Gender | null;
  /** The two lines below the common ancestor have only that one parent in common. */
  half: boolean;
  /** A non-birth link on the line (adoptive, step), which changes the name of close relations. */
  kind: LinkKind;
}

export const SAME_PERSON: Names = { ar: "الشخص نفسه", en: "same person", fr: "la même personne" };
export const NOT_RELATED: Names = { ar: "لا توجد قرابة معروفة", en: "not related", fr: "aucun lien de parenté connu" };

const pickAny = (g: Gender, m: string, f: string, u: string) => (g === "M" ? m : g === "F" ? f : u);
const pick = pickAny;
const last = (gs: Gender[]): Gender => gs[gs.length - 1] ?? "U";

// ---------------------------------------------------------------- English

const EN_ORD = ["", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
const EN_TIMES = ["", "once", "twice", "three times", "four times", "five times", "six times", "seven times", "eight times", "nine times"];
const enNth = (n: number) =>
  `${n}${n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd" : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th"}`;
/** "", "great-", "2nd great-" … for n extra generations. */
const enGreat = (n: number) => (n <= 0 ? "" : n === 1 ? "great-" : `${enNth(n)} great-`);
/** "paternal " / "maternal " from the first parent on the line; nothing when that parent's gender is unknown. */
const enSide = (up: Gender[]) => (up[0] === "M" ? "paternal " : up[0] === "F" ? "maternal " : "");

function enBlood(up: Gender[], down: Gender[], half: boolean, kind: LinkKind): string {
  const u = up.length;
  const d = down.length;
  if (!u && !d) return "";
  const g = d ? last(down) : last(up);
  const halfOf = (t: string) => (half ? `half-${t}` : t);
  if (d === 0) {
    if (u === 1 && kind === "step") return pick(g, "stepfather", "stepmother", "stepparent");
    if (u === 1 && kind === "adoptive") return pick(g, "adoptive father", "adoptive mother", "adoptive parent");
    if (u === 1) return pick(g, "father", "mother", "parent");
    return enSide(up) + enGreat(u - 2) + pick(g, "grandfather", "grandmother", "grandparent");
  }
  if (u === 0) {
    if (d === 1 && kind === "step") return pick(g, "stepson", "stepdaughter", "stepchild");
    if (d === 1 && kind === "adoptive") return pick(g, "adopted son", "adopted daughter", "adopted child");
    if (d === 1) return pick(g, "son", "daughter", "child");
    return enGreat(d - 2) + pick(g, "grandson", "granddaughter", "grandchild");
  }
  if (u === 1 && d === 1) {
    if (kind === "step") return pick(g, "stepbrother", "stepsister", "stepsibling");
    return halfOf(pick(g, "brother", "sister", "sibling"));
  }
  if (u === 1) return halfOf(enGreat(d - 2) + pick(g, "nephew", "niece", "nephew or niece"));
  if (d === 1) return enSide(up) + halfOf(enGreat(u - 2) + pick(g, "uncle", "aunt", "uncle or aunt"));
  const degree = Math.min(u, d) - 1;
  const removed = Math.abs(u - d);
  const base = `${EN_ORD[degree] ?? enNth(degree)} cousin${removed ? ` ${EN_TIMES[removed] ?? `${removed} times`} removed` : ""}`;
  // Only first cousins are commonly said to be on the father's or the mother's side.
  return (u === 2 && d === 2 ? enSide(up) : "") + (half ? `half ${base}` : base);
}

const enSpouse = (g: Gender) => pick(g, "husband", "wife", "spouse");

function enName(s: RelationShape): string {
  const blood = enBlood(s.up, s.down, s.half, s.kind);
  const u = s.up.length;
  const d = s.down.length;
  const endG = d ? last(s.down) : last(s.up);
  if (s.viaSpouse && !u && !d && !s.spouse) return enSpouse(s.viaSpouse);
  if (s.viaSpouse && s.spouse) {
    if (u === 1 && d === 1) return pick(s.spouse, "brother-in-law", "sister-in-law", "sibling-in-law");
    return `${enSpouse(s.viaSpouse)}'s ${blood}'s ${enSpouse(s.spouse)}`;
  }
  if (s.viaSpouse) {
    if (u === 1 && d === 0) return pick(endG, "father-in-law", "mother-in-law", "parent-in-law");
    if (u === 1 && d === 1) return pick(endG, "brother-in-law", "sister-in-law", "sibling-in-law");
    if (u === 0 && d === 1) return pick(endG, "stepson", "stepdaughter", "stepchild");
    return `${enSpouse(s.viaSpouse)}'s ${blood}`;
  }
  if (s.spouse) {
    if (u === 0 && d === 1) return pick(s.spouse, "son-in-law", "daughter-in-law", "child-in-law");
    if (u === 1 && d === 1) return pick(s.spouse, "brother-in-law", "sister-in-law", "sibling-in-law");
    if (u === 1 && d === 0) return pick(s.spouse, "stepfather", "stepmother", "stepparent");
    return `${blood}'s ${enSpouse(s.spouse)}`;
  }
  return blood;
}

// ---------------------------------------------------------------- French

const frOrd = (n: number) => (n === 1 ? "1er" : `${n}e`);
/** " paternel", " maternelle", " du côté paternel" (gender unknown) … after a noun of gender g; nothing when the side is unknown. */
const frSide = (up: Gender[], g: Gender) => {
  const side = up[0] === "M" ? "paternel" : up[0] === "F" ? "maternel" : null;
  if (!side) return "";
  return g === "M" ? ` ${side}` : g === "F" ? ` ${side}le` : ` du côté ${side}`;
};
const frGap = (r: number) => (r === 1 ? " (une génération d'écart)" : ` (${r} générations d'écart)`);

function frBlood(up: Gender[], down: Gender[], half: boolean, kind: LinkKind): string {
  const u = up.length;
  const d = down.length;
  if (!u && !d) return "";
  const g = d ? last(down) : last(up);
  if (d === 0) {
    if (u === 1 && kind === "step") return pick(g, "beau-père", "belle-mère", "beau-parent");
    if (u === 1 && kind === "adoptive") return pick(g, "père adoptif", "mère adoptive", "parent adoptif");
    if (u === 1) return pick(g, "père", "mère", "parent");
    if (u <= 4) return "arrière-".repeat(u - 2) + pick(g, "grand-père", "grand-mère", "grand-parent") + frSide(up, g);
    return pick(g, "ancêtre", "ancêtre", "ancêtre") + ` à la ${frOrd(u)} génération`;
  }
  if (u === 0) {
    if (d === 1 && kind === "step") return pick(g, "beau-fils", "belle-fille", "enfant du conjoint");
    if (d === 1 && kind === "adoptive") return pick(g, "fils adoptif", "fille adoptive", "enfant adoptif");
    if (d === 1) return pick(g, "fils", "fille", "enfant");
    if (d <= 4) return "arrière-".repeat(d - 2) + pick(g, "petit-fils", "petite-fille", "petit-enfant");
    return pick(g, "descendant", "descendante", "descendant") + ` à la ${frOrd(d)} génération`;
  }
  if (u === 1 && d === 1) {
    if (kind === "step") return pick(g, "quasi-frère", "quasi-sœur", "quasi-frère ou quasi-sœur");
    return half ? pick(g, "demi-frère", "demi-sœur", "demi-frère ou demi-sœur") : pick(g, "frère", "sœur", "frère ou sœur");
  }
  if (u === 1) {
    if (d <= 4)
      return (
        "arrière-".repeat(Math.max(0, d - 3)) +
        pick(
          g,
          d === 2 ? "neveu" : "petit-neveu",
          d === 2 ? "nièce" : "petite-nièce",
          d === 2 ? "neveu ou nièce" : "petit-neveu ou petite-nièce",
        )
      );
    return pick(g, "neveu", "nièce", "neveu") + ` à la ${frOrd(d)} génération`;
  }
  if (d === 1) {
    if (u <= 4)
      return (
        "arrière-".repeat(Math.max(0, u - 3)) +
        pick(
          g,
          u === 2 ? "oncle" : "grand-oncle",
          u === 2 ? "tante" : "grand-tante",
          u === 2 ? "oncle ou tante" : "grand-oncle ou grand-tante",
        ) +
        frSide(up, g)
      );
    return pick(g, "oncle", "tante", "oncle") + ` à la ${frOrd(u)} génération`;
  }
  const degree = Math.min(u, d) - 1;
  const removed = Math.abs(u - d);
  const female = g === "F";
  const base =
    degree === 1
      ? female
        ? "cousine germaine"
        : "cousin germain"
      : degree === 2
        ? female
          ? "cousine issue de germain"
          : "cousin issu de germain"
        : `${female ? "cousine" : "cousin"} au ${frOrd(degree)} degré`;
  const side = u === 2 && d === 2 ? frSide(up, female ? "F" : "M") : "";
  return (half ? `demi-${base}` : base) + side + (removed ? frGap(removed) : "");
}

const frSpouse = (g: Gender) => pick(g, "époux", "épouse", "conjoint");
/** "du", "de la" or "de l'" before a noun of gender g. */
const frOf = (noun: string, g: Gender) => (/^[aeéèêiîoôuh]/i.test(noun) ? `de l'${noun}` : g === "F" ? `de la ${noun}` : `du ${noun}`);

function frName(s: RelationShape): string {
  const blood = frBlood(s.up, s.down, s.half, s.kind);
  const u = s.up.length;
  const d = s.down.length;
  const endG = d ? last(s.down) : last(s.up);
  if (s.viaSpouse && !u && !d && !s.spouse) return frSpouse(s.viaSpouse);
  const inLaw = (g: Gender) =>
    u === 1 && d === 0
      ? pick(g, "beau-père", "belle-mère", "beau-parent")
      : u === 1 && d === 1
        ? pick(g, "beau-frère", "belle-sœur", "beau-frère ou belle-sœur")
        : null;
  if (s.viaSpouse && s.spouse) {
    if (u === 1 && d === 1) return pick(s.spouse, "beau-frère", "belle-sœur", "beau-frère ou belle-sœur");
    return `${frSpouse(s.spouse)} ${frOf(blood, endG)} ${frOf(frSpouse(s.viaSpouse), s.viaSpouse)}`;
  }
  if (s.viaSpouse) {
    if (u === 0 && d === 1) return pick(endG, "beau-fils", "belle-fille", "enfant du conjoint");
    return inLaw(endG) ?? `${blood} ${frOf(frSpouse(s.viaSpouse), s.viaSpouse)}`;
  }
  if (s.spouse) {
    if (u === 0 && d === 1) return pick(s.spouse, "gendre", "belle-fille", "gendre ou belle-fille");
    return inLaw(s.spouse) ?? `${frSpouse(s.spouse)} ${frOf(blood, endG)}`;
  }
  return blood;
}

// ---------------------------------------------------------------- Arabic

/** Puts the article on the last word: "ابن عم" → "ابن العم" (an Arabic construct chain is definite at its end). */
const arDefinite = (t: string) => {
  const words = t.split(" ");
  const end = words[words.length - 1];
  if (!end.startsWith("ال")) words[words.length - 1] = `ال${end}`;
  return words.join(" ");
};
const arChild = (g: Gender) => pick(g, "ابن", "ابنة", "ولد");

/** b's natural Arabic kinship word for short lines, or null when only a descriptive chain fits. */
function arNatural(up: Gender[], down: Gender[], halfLine: boolean, linkKind: LinkKind, top: boolean): string | null {
  // Inside a chain ("زوجة …", "ابن …") words take the article, so no "أو"/"لأب"/"بالتبنّي" there.
  const pick = top ? pickAny : (x: Gender, m: string, f: string) => pickAny(x === "U" ? "M" : x, m, f, m);
  const half = top && halfLine;
  const kind = top || linkKind === "step" ? linkKind : "birth";
  const u = up.length;
  const d = down.length;
  const g = d ? last(down) : last(up);
  const side = (x: Gender) => (x === "M" ? " لأب" : x === "F" ? " لأم" : "");
  if (d === 0 && u === 1) {
    if (kind === "step") return pick(g, "زوج الأم", "زوجة الأب", "زوج أحد الوالدين");
    if (kind === "adoptive") return pick(g, "أب بالتبنّي", "أم بالتبنّي", "والد بالتبنّي");
    return pick(g, "أب", "أم", "والد");
  }
  if (d === 0 && u === 2) return pick(g, "جد", "جدة", "جد أو جدة") + (top ? side(up[0]) : "");
  if (u === 0 && d === 1) {
    if (kind === "step") return pick(g, "ربيب", "ربيبة", "ربيب");
    if (kind === "adoptive") return pick(g, "ابن بالتبنّي", "ابنة بالتبنّي", "ولد بالتبنّي");
    return pick(g, "ابن", "ابنة", "ولد");
  }
  if (u === 0 && d === 2) return pick(g, "حفيد", "حفيدة", "حفيد");
  if (u === 1 && d === 1) {
    // A step-sibling shares no parent: the child of a parent's spouse.
    if (kind === "step") return pick(g, "ابن زوج أحد الوالدين", "ابنة زوج أحد الوالدين", "ولد زوج أحد الوالدين");
    if (!half) return pick(g, "أخ", "أخت", "أخ أو أخت");
    const via = up[0];
    if (via === "U") return pick(g, "أخ غير شقيق", "أخت غير شقيقة", "أخ أو أخت غير شقيق");
    return pick(g, "أخ", "أخت", "أخ أو أخت") + side(via);
  }
  if (u === 1 && d === 2) return `${pick(g, "ابن", "ابنة", "ولد")} ${pick(down[0], "أخ", "أخت", "أخ")}`;
  const paternal = up[0] === "M";
  const maternal = up[0] === "F";
  if (u === 2 && d === 1) {
    const t = paternal ? pick(g, "عم", "عمة", "عم أو عمة") : maternal ? pick(g, "خال", "خالة", "خال أو خالة") : null;
    return t && half ? `${t} غير شقيق` : t;
  }
  if (u === 2 && d === 2) {
    if (!paternal && !maternal) return null;
    // An uncle or aunt of unknown gender: say both rather than guess. Alone, the name is
    // definite ("ابن العم"); inside a chain the chain's end carries the article ("ابن عم الأب").
    const al = top ? "ال" : "";
    const uncle = paternal
      ? pick(down[0], `${al}عم`, `${al}عمة`, `${al}عم أو ${al}عمة`)
      : pick(down[0], `${al}خال`, `${al}خالة`, `${al}خال أو ${al}خالة`);
    return `${pick(g, "ابن", "بنت", "ولد")} ${uncle}`;
  }
  return null;
}

/** The definite noun for a's s-th ancestor on the line: الأب، الجدة، جد الأم … */
function arAncestor(up: Gender[], s: number): string {
  if (s === 1) return pick(up[0], "الأب", "الأم", "الوالد");
  if (s === 2) return pick(up[1], "الجد", "الجدة", "الجد");
  return `${pick(up[s - 1], "جد", "جدة", "جد")} ${arAncestor(up, s - 2)}`;
}

/** A natural word, else the shortest chain: "عم الأب", "ابن عم الأب", "ابن ابن العم". */
function arBlood(up: Gender[], down: Gender[], half: boolean, kind: LinkKind, top = true): string {
  const natural = arNatural(up, down, half, kind, top);
  if (natural) return natural;
  // Seen from one of a's ancestors, b may have a natural name: "عم" + "الأب".
  for (let s = 1; s < up.length; s++) {
    const t = arNatural(up.slice(s), down, half, kind, false);
    if (t) return `${t} ${arAncestor(up, s)}`;
  }
  if (down.length > 0) return `${arChild(last(down))} ${arDefinite(arBlood(up, down.slice(0, -1), half, kind, false))}`;
  // Only ancestors left (u ≥ 3): "جد الجد"…
  return `${pick(last(up), "جد", "جدة", "جد")} ${arAncestor(up, up.length - 2)}`;
}

const arSpouse = (g: Gender) => pick(g, "زوج", "زوجة", "زوج");

function arName(s: RelationShape): string {
  const u = s.up.length;
  const d = s.down.length;
  const endG = d ? last(s.down) : last(s.up);
  if (s.viaSpouse && !u && !d && !s.spouse) return pick(s.viaSpouse, "زوج", "زوجة", "زوج أو زوجة");
  const blood = arBlood(s.up, s.down, s.half, s.kind);
  if (s.viaSpouse && s.spouse) {
    // Wives of two brothers are سلفة to each other; husbands of two sisters are عديل.
    if (u === 1 && d === 1 && s.viaSpouse === "M" && endG === "M" && s.spouse === "F") return "سلفة";
    if (u === 1 && d === 1 && s.viaSpouse === "F" && endG === "F" && s.spouse === "M") return "عديل";
    return `${arSpouse(s.spouse)} ${arDefinite(`${blood} ${arDefinite(arSpouse(s.viaSpouse))}`)}`;
  }
  if (s.viaSpouse) {
    if (u === 1 && d === 0) return pick(endG, "حمو", "حماة", "حمو أو حماة");
    return `${arBlood(s.up, s.down, s.half, s.kind, false)} ${arDefinite(arSpouse(s.viaSpouse))}`;
  }
  if (s.spouse) {
    if (u === 0 && d === 1) return pick(s.spouse, "صهر", "كنّة", "صهر أو كنّة");
    return `${arSpouse(s.spouse)} ${arDefinite(arBlood(s.up, s.down, s.half, s.kind, false))}`;
  }
  return blood;
}

/** The name of the relation in the three languages; SAME_PERSON for an empty shape. */
export function relationshipNames(shape: RelationShape): Names {
  if (!shape.viaSpouse && !shape.spouse && !shape.up.length && !shape.down.length) return SAME_PERSON;
  return { ar: arName(shape), en: enName(shape), fr: frName(shape) };
}
