/**
 * The maths of a chart's view, pure and DOM-free: the view a chart opens at, what part of the
 * drawing is on screen, and the rectangles used to cull cards that are off screen.
 */

/** A zoom `k` and a translation (x, y), in screen pixels: screen = drawing × k + (x, y). */
export interface View {
  k: number;
  x: number;
  y: number;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The smallest on-screen size of a label the opening view allows, in pixels. */
export const MIN_LABEL_PX = 11;
export const MAX_ZOOM = 3;
/** Below this zoom the cards are drawn as outlines only: their text would be under 5 px. */
export const DETAIL_ZOOM = 0.4;

/** The zoom at which a label drawn at `smallestFont` shows at MIN_LABEL_PX on screen. */
export const readableZoom = (smallestFont: number) => MIN_LABEL_PX / smallestFont;

/** The zoom that shows the whole `w`×`h` drawing in a `vw`×`vh` viewport (never above 1). */
export const fitZoom = (w: number, h: number, vw: number, vh: number) => (w && h && vw && vh ? Math.min(vw / w, vh / h, 1) : 1);

/** Keeps the drawing over the viewport where it is larger than it, so no side opens on blank space. */
function clampAxis(t: number, size: number, vsize: number): number {
  if (size <= vsize) return (vsize - size) / 2;
  return Math.min(0, Math.max(vsize - size, t));
}

/** The bounding box of some rectangles. */
export function union(rects: Rect[]): Rect {
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  return { x, y, w: Math.max(...rects.map((r) => r.x + r.w)) - x, h: Math.max(...rects.map((r) => r.y + r.h)) - y };
}

/**
 * What the opening view frames: the focus person's card (`near[0]`) and as many of the other
 * near cards (the next generation's) as fit in a `vw`×`vh` box together, the closest first.
 */
export function frameNear(near: Rect[], vw: number, vh: number): Rect {
  const centre = (r: Rect) => ({ x: r.x + r.w / 2, y: r.y + r.h / 2 });
  const f = centre(near[0]);
  const rest = near.slice(1).sort((a, b) => {
    const [ca, cb] = [centre(a), centre(b)];
    return Math.hypot(ca.x - f.x, ca.y - f.y) - Math.hypot(cb.x - f.x, cb.y - f.y);
  });
  let box = near[0];
  for (const r of rest) {
    const next = union([box, r]);
    if (next.w <= vw && next.h <= vh) box = next;
  }
  return box;
}

/**
 * The view a chart opens at: the whole drawing, centred, when it fits at a readable zoom;
 * otherwise the readable zoom, centred on the focus person and as many of their near relatives
 * (`near`: the focus person's card first, then the next generation's) as fit, the closest first;
 * then moved only as far as needed to keep the drawing across the whole viewport (which keeps
 * what was framed on screen). The viewport is the drawing area alone: no tool is drawn over it.
 */
export function openingView(
  w: number,
  h: number,
  vw: number,
  vh: number,
  focus: { x: number; y: number },
  smallestFont: number,
  near: Rect[] = [],
): View {
  const readable = readableZoom(smallestFont);
  const fit = fitZoom(w, h, vw, vh);
  if (!vw || !vh) return { k: 1, x: 0, y: 0 };
  if (fit >= readable) return { k: fit, x: (vw - w * fit) / 2, y: (vh - h * fit) / 2 };
  const k = readable;
  const box = near.length ? frameNear(near, vw / k, vh / k) : { x: focus.x, y: focus.y, w: 0, h: 0 };
  const [cx, cy] = [box.x + box.w / 2, box.y + box.h / 2];
  return { k, x: clampAxis(vw / 2 - cx * k, w * k, vw), y: clampAxis(vh / 2 - cy * k, h * k, vh) };
}

/**
 * A translation along one axis that keeps part of a drawing `size` long on a viewport `vsize`
 * long: at least a quarter of the viewport (or half the drawing, if smaller) stays covered.
 */
export function keepInView(t: number, size: number, vsize: number): number {
  const m = Math.min(vsize / 4, size / 2);
  return Math.min(vsize - m, Math.max(m - size, t));
}

/** The view that shows the whole drawing, centred (the fit button, the 0 key). */
export function fitView(w: number, h: number, vw: number, vh: number): View {
  const k = fitZoom(w, h, vw, vh);
  return { k, x: (vw - w * k) / 2, y: (vh - h * k) / 2 };
}

/** The part of the drawing on screen, in drawing coordinates. */
export function visibleRect(v: View, vw: number, vh: number): Rect {
  return { x: -v.x / v.k, y: -v.y / v.k, w: vw / v.k, h: vh / v.k };
}

/** `r` grown by `by` times its own size on every side. */
export const grow = (r: Rect, by: number): Rect => ({ x: r.x - r.w * by, y: r.y - r.h * by, w: r.w * (1 + 2 * by), h: r.h * (1 + 2 * by) });

export const contains = (outer: Rect, inner: Rect) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h;

export const intersects = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** The bounding box of some points. */
export function boundsOf(points: { x: number; y: number }[]): Rect {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}
