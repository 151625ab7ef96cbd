import { describe, expect, it } from "vitest";
import { CARD_W, layoutTree, overlaps, type TreeNode } from "./layout";

const leaf = (id: string, spouses: string[] = []): TreeNode => ({ id, spouses, next: [] });
const three: TreeNode = { id: "me", spouses: [], next: [{ id: "dad", spouses: [], next: [leaf("grandpa"), leaf("grandma")] }, leaf("mum")] };

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
        for (let j = i + 1; j < l.cards.length; j++) expect(overlaps(l.cards[i], l.cards[j]), `${l.cards[i].key} / ${l.cards[j].key}`).toBe(false);
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
