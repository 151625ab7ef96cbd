/**
 * The fan chart: a person at the centre and their ancestors in rings around them, one ring per
 * generation, each parent taking half of their child's arc (father's side first in the reading
 * direction: left in a left-to-right language, right in Arabic). Pure and DOM-free.
 */
import type { TreeNode } from "./layout";

/** The fan opens over this angle (radians), symmetric about straight up. */
export const FAN_SPAN = (220 * Math.PI) / 180;
/** Radius of the centre disc (the person themselves). */
export const CENTRE_R = 84;
/** Width of each ring, from the parents outwards; the outer rings carry names along the radius. */
export const RING_W = [100, 100, 118, 128, 136];
export const FAN_MARGIN = 24;
/** Rings from this generation on write names along the radius (their arcs are too short). */
export const RADIAL_FROM = 3;

export interface FanSlot {
  personId: string;
  generation: number;
  /** Ahnentafel number: 1 the person, 2 father, 3 mother, 4 father's father… */
  ahnen: number;
  /** Angles, clockwise from straight up; a0 < a1 on screen from left to right. */
  a0: number;
  a1: number;
  r0: number;
  r1: number;
}

export interface FanLayout {
  width: number;
  height: number;
  cx: number;
  cy: number;
  slots: FanSlot[];
  generations: number;
}

/** A point at angle `a` (clockwise from up) and radius `r` around (cx, cy). */
export const polar = (cx: number, cy: number, r: number, a: number) => ({ x: cx + r * Math.sin(a), y: cy - r * Math.cos(a) });

/** Inner radius of a generation's ring. */
export const ringStart = (generation: number) => CENTRE_R + RING_W.slice(0, generation - 1).reduce((s, w) => s + w, 0);

/**
 * Lays the ancestors of `root` (a pedigree tree: `next` are the parents, father first) out
 * as a fan of at most `RING_W.length` generations.
 */
export function layoutFan(root: TreeNode, rtl: boolean, genderOf: (id: string) => string | null): FanLayout {
  const found: Omit<FanSlot, "a0" | "a1" | "r0" | "r1">[] = [];
  const walk = (n: TreeNode, ahnen: number, generation: number) => {
    if (generation > 0) found.push({ personId: n.id, generation, ahnen });
    if (generation >= RING_W.length) return;
    // A father takes the first half and a mother the second, whichever of them is known.
    const taken = new Set<number>();
    for (const p of n.next) {
      const g = genderOf(p.id);
      let slot = g === "M" ? 0 : g === "F" ? 1 : taken.has(0) ? 1 : 0;
      if (taken.has(slot)) slot = 1 - slot;
      if (taken.has(slot)) continue;
      taken.add(slot);
      walk(p, ahnen * 2 + slot, generation + 1);
    }
  };
  walk(root, 1, 0);
  // The drawing is as large as the generations known (a young tree makes a small fan).
  const deepest = Math.max(0, ...found.map((f) => f.generation));
  const R = ringStart(deepest + 1);
  const cx = FAN_MARGIN + R;
  const cy = FAN_MARGIN + R;
  const slots = found.map((f): FanSlot => {
    const per = FAN_SPAN / 2 ** f.generation;
    const index = f.ahnen - 2 ** f.generation;
    let a0 = -FAN_SPAN / 2 + index * per;
    if (rtl) a0 = -(a0 + per);
    const r0 = ringStart(f.generation);
    return { ...f, a0, a1: a0 + per, r0, r1: r0 + RING_W[f.generation - 1] };
  });
  // The fan dips below the centre at its two ends: the drawing is as tall as that dip needs.
  const below = Math.max(CENTRE_R, -R * Math.cos(FAN_SPAN / 2));
  return { width: 2 * (FAN_MARGIN + R), height: cy + below + FAN_MARGIN, cx, cy, slots, generations: deepest };
}

/** The SVG path of a ring segment. */
export function sectorPath(cx: number, cy: number, s: Pick<FanSlot, "a0" | "a1" | "r0" | "r1">): string {
  const p = (r: number, a: number) => polar(cx, cy, r, a);
  const [o0, o1, i1, i0] = [p(s.r1, s.a0), p(s.r1, s.a1), p(s.r0, s.a1), p(s.r0, s.a0)];
  const large = s.a1 - s.a0 > Math.PI ? 1 : 0;
  const f = (n: number) => n.toFixed(2);
  return `M${f(o0.x)},${f(o0.y)} A${s.r1},${s.r1} 0 ${large} 1 ${f(o1.x)},${f(o1.y)} L${f(i1.x)},${f(i1.y)} A${s.r0},${s.r0} 0 ${large} 0 ${f(i0.x)},${f(i0.y)} Z`;
}

/**
 * Where and how a slot's label is written: at the middle of the segment, along the arc in the
 * inner rings and along the radius in the outer ones, never upside down.
 */
export function labelOf(
  cx: number,
  cy: number,
  s: FanSlot,
): { x: number; y: number; rotate: number; along: "arc" | "radius"; room: number } {
  const mid = (s.a0 + s.a1) / 2;
  const r = (s.r0 + s.r1) / 2;
  const { x, y } = polar(cx, cy, r, mid);
  const deg = (mid * 180) / Math.PI;
  if (s.generation < RADIAL_FROM) {
    // Along the arc: upright, turned with the arc, flipped where it would hang upside down.
    const rotate = Math.abs(deg) > 90 ? deg - 180 * Math.sign(deg) : deg;
    return { x, y, rotate, along: "arc", room: r * (s.a1 - s.a0) - 12 };
  }
  // Along the radius: read outwards on the right half, inwards on the left, so always left to right.
  return { x, y, rotate: deg > 0 ? deg - 90 : deg + 90, along: "radius", room: s.r1 - s.r0 - 12 };
}
