import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";

export interface View {
  k: number;
  x: number;
  y: number;
}

export const MIN_ZOOM = 0.2;
export const MAX_ZOOM = 3;
const clampK = (k: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k));

/** Zooms by `factor` keeping the screen point (px, py) where it is. */
export function zoomAt(v: View, factor: number, px: number, py: number): View {
  const k = clampK(v.k * factor);
  const f = k / v.k;
  return { k, x: px - (px - v.x) * f, y: py - (py - v.y) * f };
}

/** The view that shows all of a `w`×`h` drawing inside a `vw`×`vh` viewport, centred. */
export function fitView(w: number, h: number, vw: number, vh: number): View {
  if (!w || !h || !vw || !vh) return { k: 1, x: 0, y: 0 };
  const k = clampK(Math.min(vw / w, vh / h, 1));
  return { k, x: (vw - w * k) / 2, y: (vh - h * k) / 2 };
}

/**
 * Zoom and pan for an SVG drawing: wheel zooms at the pointer, one pointer drags, two
 * pointers pinch; keys (arrows, + − 0) do the same from the keyboard. `moved` tells a
 * click after a drag from a real click.
 */
export function useZoomPan(contentW: number, contentH: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ k: 1, x: 0, y: 0 });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const moved = useRef(false);

  const size = () => {
    const r = ref.current?.getBoundingClientRect();
    return { w: r?.width ?? 0, h: r?.height ?? 0, left: r?.left ?? 0, top: r?.top ?? 0 };
  };
  const fit = useCallback(() => {
    const s = size();
    setView(fitView(contentW, contentH, s.w, s.h));
  }, [contentW, contentH]);
  const zoom = (factor: number) => {
    const s = size();
    setView((v) => zoomAt(v, factor, s.w / 2, s.h / 2));
  };

  useEffect(fit, [fit]);

  // Wheel listeners must be non-passive to keep the page from scrolling while zooming.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      setView((v) => zoomAt(v, Math.exp(-e.deltaY * 0.0015), e.clientX - r.left, e.clientY - r.top));
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, []);

  const onPointerDown = (e: PointerEvent) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    moved.current = false;
  };
  const onPointerMove = (e: PointerEvent) => {
    const prev = pointers.current.get(e.pointerId);
    if (!prev) return;
    const now = { x: e.clientX, y: e.clientY };
    if (pointers.current.size === 1) {
      const dx = now.x - prev.x;
      const dy = now.y - prev.y;
      if (!moved.current && Math.hypot(dx, dy) < 3) return;
      if (!moved.current) (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
      moved.current = true;
      setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
    } else if (pointers.current.size === 2) {
      const other = [...pointers.current.entries()].find(([id]) => id !== e.pointerId)![1];
      const before = Math.hypot(prev.x - other.x, prev.y - other.y);
      const after = Math.hypot(now.x - other.x, now.y - other.y);
      const s = size();
      moved.current = true;
      if (before > 0) setView((v) => zoomAt(v, after / before, (now.x + other.x) / 2 - s.left, (now.y + other.y) / 2 - s.top));
    }
    pointers.current.set(e.pointerId, now);
  };
  const onPointerUp = (e: PointerEvent) => {
    pointers.current.delete(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target !== e.currentTarget) return; // keys on a card belong to the card
    const step = 40;
    const pan: Record<string, [number, number]> = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    if (pan[e.key]) setView((v) => ({ ...v, x: v.x + pan[e.key][0], y: v.y + pan[e.key][1] }));
    else if (e.key === "+" || e.key === "=") zoom(1.25);
    else if (e.key === "-") zoom(0.8);
    else if (e.key === "0") fit();
    else return;
    e.preventDefault();
  };

  return {
    ref,
    view,
    zoomIn: () => zoom(1.25),
    zoomOut: () => zoom(0.8),
    fit,
    wasDrag: () => moved.current,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp, onKeyDown },
  };
}
