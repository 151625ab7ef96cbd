import { describe, expect, it } from "vitest";
import { layoutCedar, LEAF_W } from "./cedar";
import type { TreeNode } from "./layout";

const leaf = (id: string): TreeNode => ({ id, spouses: [], next: [] });
const tree: TreeNode = {
  id: "root",
  spouses: [],
  next: [
    { id: "a", spouses: [], next: [leaf("a1"), leaf("a2")] },
    { id: "b", spouses: [], next: [leaf("b1"), leaf("b2"), leaf("b3")] },
  ],
};

describe("cedar layout", () => {
  it("puts the root on the trunk and each generation on a higher tier", () => {
    const c = layoutCedar(tree, false);
    expect(c.root.personId).toBe("root");
    expect(c.tiers).toHaveLength(2);
    const y = (id: string) => c.leaves.find((l) => l.personId === id)!.y;
    expect(y("a")).toBeLessThan(c.root.y);
    expect(y("a1")).toBeLessThan(y("a"));
    expect(y("a1")).toBe(y("b3"));
  });

  it("keeps siblings together, in the reading direction, without overlapping leaves", () => {
    for (const rtl of [false, true]) {
      const c = layoutCedar(tree, rtl);
      const top = c.leaves.filter((l) => l.generation === 2).map((l) => l.personId);
      expect(top).toEqual(["a1", "a2", "b1", "b2", "b3"]);
      const xs = c.leaves.filter((l) => l.generation === 2).map((l) => l.x);
      for (let i = 1; i < xs.length; i++) expect(Math.abs(xs[i] - xs[i - 1])).toBeGreaterThanOrEqual(LEAF_W - 0.001);
      // Left to right in English, right to left in Arabic.
      expect(xs[0] < xs[4]).toBe(!rtl);
      for (const l of c.leaves) expect(l.x - LEAF_W / 2).toBeGreaterThanOrEqual(0);
    }
  });

  it("narrows towards the crown when there is room", () => {
    const c = layoutCedar(
      { id: "r", spouses: [], next: [{ id: "x", spouses: [], next: [{ id: "y", spouses: [], next: [leaf("z")] }] }] },
      false,
    );
    expect(c.tiers[0].half).toBeGreaterThan(c.tiers[2].half);
  });
});
