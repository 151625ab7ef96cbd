import { describe, expect, it } from "vitest";
import {
  CARD_H,
  CARD_W,
  collapseTree,
  countUnder,
  hourglassFolds,
  layoutHourglass,
  layoutTree,
  NARROW,
  overlaps,
  type TreeNode,
} from "./layout";

const leaf = (id: string, spouses: string[] = []): TreeNode => ({ id, spouses, next: [] });
const three: TreeNode = {
  id: "me",
  spouses: [],
  next: [{ id: "dad", spouses: [], next: [leaf("grandpa"), leaf("grandma")] }, leaf("mum")],
};

const card = (l: ReturnType<typeof layoutTree>, id: string) => l.cards.find((c) => c.key === id)!;

describe("chart layout", () => {
  it("puts the root at the inline start and each generation one column further (left to right)", () => {
    const l = layoutTree(three, false);
    expect(card(l, "me").x).toBeLessThan(card(l, "dad").x);
    expect(card(l, "dad").x).toBeLessThan(card(l, "grandpa").x);
    expect(card(l, "dad").x).toBe(card(l, "mum").x);
    expect(card(l, "grandpa").generation).toBe(2);
  });

  it("mirrors for right to left: the root is right-most, the grandparents left-most, same rows", () => {
    const ltr = layoutTree(three, false);
    const rtl = layoutTree(three, true);
    expect(card(rtl, "me").x).toBeGreaterThan(card(rtl, "dad").x);
    expect(card(rtl, "dad").x).toBeGreaterThan(card(rtl, "grandpa").x);
    expect(rtl.width).toBe(ltr.width);
    for (const c of ltr.cards) {
      const m = card(rtl, c.key);
      expect(m.y).toBe(c.y);
      expect(m.x).toBe(ltr.width - c.x - CARD_W);
    }
    // Lines are mirrored too: the root's line leaves from its left edge.
    const link = rtl.links.find((k) => k.key === "l:me>dad")!;
    expect(link.points[0].x).toBe(card(rtl, "me").x);
  });

  it("centres a person on their next generation and stacks spouses beside them", () => {
    const l = layoutTree({ id: "a", spouses: ["b"], next: [leaf("c"), leaf("d")] }, false);
    const [c, d] = [card(l, "c"), card(l, "d")];
    expect(card(l, "a").y).toBe((c.y + d.y) / 2);
    const spouse = card(l, "a+b");
    expect(spouse.role).toBe("spouse");
    expect(spouse.personId).toBe("b");
    expect(spouse.x).toBe(card(l, "a").x);
    expect(spouse.y).toBeGreaterThan(card(l, "a").y);
    expect(l.links.some((k) => k.kind === "union")).toBe(true);
  });

  it("never overlaps cards, even with many children, spouses and uneven depths", () => {
    const kids = Array.from({ length: 12 }, (_, i): TreeNode => ({
      id: `k${i}`,
      spouses: i % 3 === 0 ? [`s${i}`, `t${i}`] : i % 2 ? [`s${i}`] : [],
      next: i % 4 === 0 ? Array.from({ length: 5 }, (_, j) => leaf(`g${i}-${j}`, j === 2 ? [`gs${i}`] : [])) : [],
    }));
    const root: TreeNode = { id: "r", spouses: ["w1", "w2", "w3"], next: kids };
    for (const rtl of [false, true]) {
      const l = layoutTree(root, rtl);
      for (let i = 0; i < l.cards.length; i++)
        for (let j = i + 1; j < l.cards.length; j++)
          expect(overlaps(l.cards[i], l.cards[j]), `${l.cards[i].key} / ${l.cards[j].key}`).toBe(false);
      for (const c of l.cards) {
        expect(c.x).toBeGreaterThanOrEqual(0);
        expect(c.y).toBeGreaterThanOrEqual(0);
        expect(c.x + c.w).toBeLessThanOrEqual(l.width);
        expect(c.y + c.h).toBeLessThanOrEqual(l.height);
      }
    }
  });

  it("draws a person met twice only once", () => {
    const l = layoutTree({ id: "a", spouses: [], next: [leaf("b"), leaf("b")] }, false);
    expect(l.cards.filter((c) => c.personId === "b")).toHaveLength(1);
  });
});

describe("hourglass layout", () => {
  const up: TreeNode = { id: "me", spouses: [], next: [{ id: "dad", spouses: [], next: [leaf("grandpa")] }, leaf("mum")] };
  const down: TreeNode = { id: "me", spouses: ["wife"], next: [leaf("son"), leaf("daughter", ["son-in-law"])] };

  it("puts ancestors in rows above the person and descendants below, the person once", () => {
    const l = layoutHourglass(up, down, false);
    expect(l.cards.filter((c) => c.personId === "me")).toHaveLength(1);
    const y = (id: string) => card(l, id).y;
    expect(y("grandpa")).toBeLessThan(y("dad"));
    expect(y("dad")).toBeLessThan(y("me"));
    expect(y("dad")).toBe(y("mum"));
    expect(y("son")).toBeGreaterThan(y("me"));
    expect(y("son")).toBe(y("daughter"));
    // Spouses beside their person, in the same row.
    expect(card(l, "me+wife").y).toBe(y("me"));
    expect(card(l, "daughter+son-in-law").y).toBe(y("daughter"));
    expect(l.focus).toEqual({ x: card(l, "me").x + CARD_W / 2, y: y("me") + CARD_H / 2 });
  });

  it("runs rows in the reading direction and never overlaps cards", () => {
    for (const rtl of [false, true]) {
      const l = layoutHourglass(up, down, rtl);
      const x = (id: string) => card(l, id).x;
      expect(x("dad") < x("mum")).toBe(!rtl);
      expect(x("son") < x("daughter")).toBe(!rtl);
      expect(x("me") < x("me+wife")).toBe(!rtl);
      for (let i = 0; i < l.cards.length; i++) {
        for (let j = i + 1; j < l.cards.length; j++) expect(overlaps(l.cards[i], l.cards[j])).toBe(false);
        expect(l.cards[i].x).toBeGreaterThanOrEqual(0);
        expect(l.cards[i].x + CARD_W).toBeLessThanOrEqual(l.width);
      }
    }
  });
});

describe("folding branches", () => {
  const tree: TreeNode = {
    id: "r",
    spouses: [],
    next: [{ id: "a", spouses: [], next: [leaf("a1"), { id: "a2", spouses: [], next: [leaf("a21")] }] }, leaf("b")],
  };

  it("hides a folded branch, counts who it hides, and shows a button to unfold it", () => {
    const folded = collapseTree(tree, new Set(["down:a"]), "down");
    const l = layoutTree(folded, false, "down");
    expect(l.cards.map((c) => c.personId).sort()).toEqual(["a", "b", "r"]);
    expect(card(l, "a").toggle).toMatchObject({ key: "down:a", collapsed: true, hidden: 3 });
    expect(countUnder(tree)).toBe(5);
  });

  it("offers a fold button on every open branch but the root's, at the card's edge towards it", () => {
    for (const rtl of [false, true]) {
      const l = layoutTree(tree, rtl, "down");
      expect(card(l, "r").toggle).toBeUndefined();
      expect(card(l, "b").toggle).toBeUndefined(); // nothing beyond
      const a = card(l, "a");
      expect(a.toggle).toMatchObject({ key: "down:a", collapsed: false });
      expect(a.toggle!.x).toBe(rtl ? a.x : a.x + CARD_W);
      expect(a.toggle!.y).toBe(a.y + CARD_H / 2);
    }
  });

  it("folds only the side named: an ancestor's key does not fold a descendant", () => {
    const l = layoutTree(collapseTree(tree, new Set(["up:a"]), "down"), false, "down");
    expect(l.cards).toHaveLength(6);
  });
});

describe("hourglass opening folds", () => {
  /** A full pedigree `g` generations deep above `id`. */
  const pedigree = (id: string, g: number): TreeNode => ({
    id,
    spouses: [],
    next: g ? [pedigree(`${id}f`, g - 1), pedigree(`${id}m`, g - 1)] : [],
  });
  const down: TreeNode = { id: "me", spouses: [], next: [leaf("a"), leaf("b")] };

  it("keeps rows up to six cards wide (grandparents), folds beyond, and leaves a short tree open", () => {
    const folds = hourglassFolds(pedigree("me", 4), down);
    expect([...folds].sort()).toEqual(["up:meff", "up:mefm", "up:memf", "up:memm"]);
    const l = layoutHourglass(collapseTree(pedigree("me", 4), folds, "up"), down, false);
    expect(l.cards).toHaveLength(1 + 2 + 4 + 2);
    // The parents stand within a row of four cards: close to the person, no gap between the halves.
    const x = (id: string) => l.cards.find((c) => c.personId === id)!.x;
    expect(Math.abs(x("mef") - x("mem"))).toBeLessThanOrEqual(2 * CARD_W + 2 * 18);
    expect(hourglassFolds(pedigree("me", 2), down).size).toBe(0);
  });

  it("on a phone keeps the parents only, side by side over the person", () => {
    const folds = hourglassFolds(pedigree("me", 3), down, 2, NARROW);
    expect([...folds].sort()).toEqual(["up:mef", "up:mem"]);
  });
});
