import { select } from "d3-selection";
import { zoom as d3zoom, zoomIdentity, zoomTransform, type ZoomBehavior, type ZoomTransform } from "d3-zoom";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import {
  contains,
  DETAIL_ZOOM,
  fitView,
  grow,
  keepInView,
  MAX_ZOOM,
  openingView,
  readableZoom,
  visibleRect,
  type Rect,
  type View,
} from "./viewMath";

/** What the chart draws: the part of the drawing near the screen, and whether text is legible. */
export interface Culling {
  rect: Rect | null;
  detail: boolean;
  /** Drawn for a file or paper: no on-screen controls. */
  whole?: boolean;
}

export interface ChartZoomOptions {
  width: number;
  height: number;
  focus: { x: number; y: number };
  /** The focus person's card, then the next generation's: the opening view frames as many as fit. */
  near?: Rect[];
  smallestFont: number;
  /** The chart opens again (fresh view) when this changes: another person or chart type. */
  openKey: string;
}

/**
 * Zoom and pan for a chart, through d3-zoom: wheel and pinch zoom at the pointer, drag to pan
 * (mouse or touch), a click after a drag is not a click. The drawing moves by a transform set
 * straight on its group, outside React, so a frame costs a style change; React renders again
 * only when the view leaves the culled area or crosses the legibility threshold.
 */
export function useChartZoom({ width, height, focus, near, smallestFont, openKey }: ChartZoomOptions) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const groupRef = useRef<SVGGElement>(null);
  const minimapRef = useRef<SVGRectElement>(null);
  const behaviour = useRef<ZoomBehavior<HTMLDivElement, unknown> | null>(null);
  const [culling, setCulling] = useState<Culling>({ rect: null, detail: true });
  const cullRef = useRef(culling);
  const size = useRef({ w: 0, h: 0 });

  const apply = useCallback((t: ZoomTransform | View) => {
    const el = viewportRef.current;
    if (!el) return;
    groupRef.current?.setAttribute("transform", `translate(${t.x} ${t.y}) scale(${t.k})`);
    el.dataset.zoom = t.k.toFixed(3);
    const { w, h } = size.current;
    if (!w || !h) return;
    const vis = visibleRect(t, w, h);
    const m = minimapRef.current;
    if (m) for (const [k, v] of Object.entries({ x: vis.x, y: vis.y, width: vis.w, height: vis.h })) m.setAttribute(k, String(v));
    const detail = t.k >= DETAIL_ZOOM;
    const cur = cullRef.current;
    if (cur.detail !== detail || !cur.rect || !contains(cur.rect, vis)) {
      cullRef.current = { rect: grow(vis, 0.5), detail };
      setCulling(cullRef.current);
    }
  }, []);

  useLayoutEffect(() => {
    const el = viewportRef.current!;
    const z = d3zoom<HTMLDivElement, unknown>()
      .clickDistance(4)
      // Wheel (with or without ctrl: a trackpad pinch), left mouse button, touch; never a double click.
      .filter((e: MouseEvent) => (!e.ctrlKey || e.type === "wheel") && !e.button && e.type !== "dblclick")
      .on("zoom", (e: { transform: ZoomTransform }) => apply(e.transform));
    behaviour.current = z;
    const sel = select(el).call(z).on("dblclick.zoom", null);
    return () => {
      sel.on(".zoom", null);
    };
  }, [apply]);

  const setView = useCallback((v: View) => {
    const el = viewportRef.current;
    if (el && behaviour.current) select(el).call(behaviour.current.transform, zoomIdentity.translate(v.x, v.y).scale(v.k));
  }, []);

  const measure = () => {
    const el = viewportRef.current;
    size.current = { w: el?.clientWidth ?? 0, h: el?.clientHeight ?? 0 };
    return size.current;
  };

  // The limits follow the drawing: zoom out to see all of it, never pan it out of sight.
  const bounds = useRef({ width, height });
  bounds.current = { width, height };
  useLayoutEffect(() => {
    const { w, h } = measure();
    const fit = fitView(width, height, w, h).k;
    behaviour.current!.scaleExtent([Math.min(fit, readableZoom(smallestFont), 0.5) * 0.8, MAX_ZOOM]);
  }, [width, height, smallestFont]);
  useLayoutEffect(() => {
    behaviour.current!.constrain((t, extent) => {
      const [vw, vh] = [extent[1][0] - extent[0][0], extent[1][1] - extent[0][1]];
      return zoomIdentity
        .translate(keepInView(t.x, bounds.current.width * t.k, vw), keepInView(t.y, bounds.current.height * t.k, vh))
        .scale(t.k);
    });
  }, []);

  // Opens on the focus person at a readable zoom (or the whole chart when it fits at that zoom).
  const opened = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (opened.current === openKey) return;
    const { w, h } = measure();
    opened.current = openKey;
    setView(openingView(width, height, w, h, focus, smallestFont, near));
  }, [openKey, width, height, focus, near, smallestFont, setView]);

  // A viewport that changes size (phone turned, window resized) keeps its view but culls anew.
  useEffect(() => {
    const el = viewportRef.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(() => {
      measure();
      cullRef.current = { rect: null, detail: cullRef.current.detail };
      apply(zoomTransform(el));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [apply]);

  const sel = () => select(viewportRef.current!);
  const zoomBy = (f: number) => behaviour.current && sel().call(behaviour.current.scaleBy, f);
  /** Pans by screen pixels. */
  const panBy = (dx: number, dy: number) => {
    const k = zoomTransform(viewportRef.current!).k;
    if (behaviour.current) sel().call(behaviour.current.translateBy, dx / k, dy / k);
  };
  const fit = () => {
    const { w, h } = measure();
    setView(fitView(width, height, w, h));
  };
  /** Centres the view on a point of the drawing, keeping the zoom (the minimap). */
  const centreOn = (x: number, y: number) => behaviour.current && sel().call(behaviour.current.translateTo, x, y);

  /** Draws the current view again (a minimap that just appeared frames it). */
  const refresh = useCallback(() => {
    if (viewportRef.current) apply(zoomTransform(viewportRef.current));
  }, [apply]);

  return { viewportRef, groupRef, minimapRef, culling, zoomBy, panBy, fit, centreOn, refresh, size };
}
