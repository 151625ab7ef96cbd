import { describe, expect, it } from "vitest";
import { FAN_SPAN, labelOf, layoutFan, polar, RING_W } from "./fan";
import type { TreeNode } from "./layout";

const node = (id: string, next: TreeNode[] = []): TreeNode => ({ id, spouses: [], next });
// Me; father F (his parents FF, FM); mother M (her mother MM only).
const tree = node("me", [node("F", [node("FF"), node("FM")]), node("M", [node("MM")])]);
const gender: Record<string, string> = { F: "M", FF: "M", FM: "F", M: "F", MM: "F" };
const genderOf = (id: string) => gender[id] ?? null;

describe("fan chart layout", () => {
  it("gives each generation a ring and each parent half of their child's arc, by Ahnentafel number", () => {
    const l = layoutFan(tree, false, genderOf);
    const by = new Map(l.slots.map((s) => [s.personId, s]));
    expect(l.generations).toBe(2);
    expect(by.get("F")!.ahnen).toBe(2);
    expect(by.get("M")!.ahnen).toBe(3);
    expect(by.get("FM")!.ahnen).toBe(5);
    expect(by.get("MM")!.ahnen).toBe(7); // a mother keeps the mother's place, her father unknown
    expect(by.get("F")!.a1 - by.get("F")!.a0).toBeCloseTo(FAN_SPAN / 2);
    expect(by.get("FF")!.a1 - by.get("FF")!.a0).toBeCloseTo(FAN_SPAN / 4);
    // Parents sit within their child's arc, one ring further out.
    for (const [child, parent] of [
      ["F", "FF"],
      ["F", "FM"],
      ["M", "MM"],
    ]) {
      const [c, p] = [by.get(child)!, by.get(parent)!];
      expect(p.a0).toBeGreaterThanOrEqual(c.a0 - 1e-9);
      expect(p.a1).toBeLessThanOrEqual(c.a1 + 1e-9);
      expect(p.r0).toBe(c.r1);
      expect(p.r1 - p.r0).toBe(RING_W[1]);
    }
  });

  it("puts the father's side first in the reading direction: left in English, right in Arabic", () => {
    const ltr = layoutFan(tree, false, genderOf);
    const rtl = layoutFan(tree, true, genderOf);
    const mid = (l: ReturnType<typeof layoutFan>, id: string) => {
      const s = l.slots.find((x) => x.personId === id)!;
      return polar(l.cx, l.cy, (s.r0 + s.r1) / 2, (s.a0 + s.a1) / 2).x;
    };
    expect(mid(ltr, "F")).toBeLessThan(ltr.cx);
    expect(mid(ltr, "M")).toBeGreaterThan(ltr.cx);
    expect(mid(rtl, "F")).toBeGreaterThan(rtl.cx);
    expect(mid(rtl, "FF")).toBeGreaterThan(mid(rtl, "FM")); // mirrored all the way out
    expect(rtl.width).toBe(ltr.width);
  });

  it("keeps every segment inside the drawing, and writes no label upside down", () => {
    const deep = (id: string, g: number): TreeNode => node(id, g ? [deep(`${id}F`, g - 1), deep(`${id}M`, g - 1)] : []);
    const l = layoutFan(deep("x", 6), true, (id) => (id.endsWith("F") ? "M" : "F"));
    expect(l.generations).toBe(RING_W.length); // five rings at most
    expect(l.slots).toHaveLength(2 + 4 + 8 + 16 + 32);
    for (const s of l.slots) {
      for (const a of [s.a0, s.a1])
        for (const r of [s.r0, s.r1]) {
          const p = polar(l.cx, l.cy, r, a);
          expect(p.x).toBeGreaterThanOrEqual(0);
          expect(p.x).toBeLessThanOrEqual(l.width);
          expect(p.y).toBeGreaterThanOrEqual(0);
          expect(p.y).toBeLessThanOrEqual(l.height);
        }
      const label = labelOf(l.cx, l.cy, s);
      expect(Math.abs(label.rotate)).toBeLessThanOrEqual(90);
      expect(label.room).toBeGreaterThan(40);
    }
  });
});
