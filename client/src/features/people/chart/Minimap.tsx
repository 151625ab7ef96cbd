import { useEffect, useMemo, type PointerEvent, type RefObject } from "react";
import type { Rect } from "./viewMath";

/**
 * The whole chart in miniature, with the part on screen framed; pressing or dragging on it
 * brings that part of the chart to the screen. Every card is one sub-path of a single path,
 * so a tree of thousands costs one element.
 */
export function Minimap({
  width,
  height,
  rects,
  viewRef,
  onPick,
  onMount,
  label,
}: {
  width: number;
  height: number;
  rects: Rect[];
  viewRef: RefObject<SVGRectElement | null>;
  onPick: (x: number, y: number) => void;
  onMount: () => void;
  label: string;
}) {
  const d = useMemo(
    () => rects.map((r) => `M${Math.round(r.x)},${Math.round(r.y)}h${Math.round(r.w)}v${Math.round(r.h)}h${-Math.round(r.w)}z`).join(""),
    [rects],
  );
  useEffect(onMount, [onMount]);
  const pick = (e: PointerEvent<SVGSVGElement>) => {
    if (e.type === "pointermove" && !e.buttons) return;
    const box = e.currentTarget.getBoundingClientRect();
    // The drawing is fitted into the box (xMidYMid meet): undo that to find the point.
    const s = Math.min(box.width / width, box.height / height);
    const ox = (box.width - width * s) / 2;
    const oy = (box.height - height * s) / 2;
    onPick((e.clientX - box.left - ox) / s, (e.clientY - box.top - oy) / s);
  };
  return (
    <svg
      className="chart-minimap"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="xMidYMid meet"
      role="img"
      aria-label={label}
      data-testid="chart-minimap"
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture?.(e.pointerId);
        pick(e);
      }}
      onPointerMove={pick}
    >
      <path d={d} fill="#8a9a86" />
      <rect
        ref={viewRef}
        fill="rgba(45, 91, 168, 0.15)"
        stroke="#2D5BA8"
        strokeWidth={Math.max(width, height) / 150}
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
