import { describe, expect, it } from "vitest";
import { fitView, frameNear, keepInView, MIN_LABEL_PX, openingView, readableZoom, visibleRect } from "./viewMath";

describe("chart view maths", () => {
  it("opens a chart that fits at a readable zoom whole and centred", () => {
    const v = openingView(600, 300, 1200, 800, { x: 100, y: 100 }, 13);
    expect(v.k).toBe(1); // never enlarged past its own size
    expect(v.x).toBe(300);
    expect(v.y).toBe(250);
  });

  it("opens a large chart at the zoom where the smallest label is 11 px, centred on the focus", () => {
    const v = openingView(1400, 6000, 1200, 700, { x: 700, y: 3000 }, 13);
    expect(v.k).toBeCloseTo(11 / 13);
    expect(13 * v.k).toBeGreaterThanOrEqual(MIN_LABEL_PX - 1e-9);
    // The focus lands in the middle of the viewport.
    expect(3000 * v.k + v.y).toBeCloseTo(350);
    expect(700 * v.k + v.x).toBeCloseTo(600);
  });

  it("keeps the drawing over the whole viewport when the focus is at its edge, the focus still on screen", () => {
    // A pedigree: the root at the inline start, halfway down a tall drawing.
    const v = openingView(3000, 6000, 1200, 700, { x: 128, y: 3000 }, 13);
    expect(v.x).toBe(0); // not half a screen of blank before the root
    const sx = 128 * v.k + v.x;
    expect(sx).toBeGreaterThan(0);
    expect(sx).toBeLessThan(1200);
  });

  it("fits a chart too large to read whole only when asked (the fit button)", () => {
    const v = fitView(1400, 14000, 1200, 700);
    expect(v.k).toBeCloseTo(0.05);
    expect(v.k).toBeLessThan(readableZoom(13));
    expect(14000 * v.k + 2 * v.y).toBeCloseTo(700);
  });

  it("knows what part of the drawing is on screen", () => {
    expect(visibleRect({ k: 2, x: -100, y: -50 }, 800, 600)).toEqual({ x: 50, y: 25, w: 400, h: 300 });
  });

  it("never lets a drag push the drawing off screen", () => {
    expect(keepInView(-5000, 2000, 800)).toBe(200 - 2000); // a quarter of the viewport stays covered
    expect(keepInView(5000, 2000, 800)).toBe(600);
    expect(keepInView(-100, 2000, 800)).toBe(-100);
    expect(keepInView(799, 10, 800)).toBe(795); // a tiny drawing: half of it stays
  });

  it("frames the focus and as many near relatives as fit, the closest first", () => {
    const focus = { x: 0, y: 1000, w: 200, h: 80 };
    const father = { x: 260, y: 600, w: 200, h: 80 };
    const mother = { x: 260, y: 1400, w: 200, h: 80 };
    // Both parents fit in a tall box: all three framed.
    expect(frameNear([focus, father, mother], 600, 1000)).toEqual({ x: 0, y: 600, w: 460, h: 880 });
    // A shorter box: the focus and the first of the two (equally close) parents.
    expect(frameNear([focus, father, mother], 600, 600)).toEqual({ x: 0, y: 600, w: 460, h: 480 });
    // The opening view then shows the focus and the father whole.
    const k = 11 / 13;
    const v = openingView(2000, 3000, 600 * k, 600 * k, { x: 100, y: 1040 }, 13, [focus, father, mother]);
    for (const r of [focus, father]) {
      expect(r.x * v.k + v.x).toBeGreaterThanOrEqual(-1e-9);
      expect((r.x + r.w) * v.k + v.x).toBeLessThanOrEqual(600 * k + 1e-9);
      expect(r.y * v.k + v.y).toBeGreaterThanOrEqual(-1e-9);
      expect((r.y + r.h) * v.k + v.y).toBeLessThanOrEqual(600 * k + 1e-9);
    }
  });
});
