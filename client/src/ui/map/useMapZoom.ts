import { select } from "d3-selection";
import { zoom, zoomIdentity, type ZoomBehavior, type ZoomTransform } from "d3-zoom";
import { useCallback, useEffect, useRef, type KeyboardEvent, type RefObject } from "react";

export const MAX_ZOOM = 16;
const STEP = 1.6;
const PAN = 48;

/**
 * Wheel, pinch, drag and keyboard zoom on an SVG (d3-zoom): the transform goes straight to the
 * `<g>` layer and to the `--k` custom property (dots and borders keep their screen size), not
 * through React state, so a 3,000-point map pans without re-rendering.
 */
export function useMapZoom(
  svgRef: RefObject<SVGSVGElement | null>,
  layerRef: RefObject<SVGGElement | null>,
  size: { width: number; height: number },
  enabled: boolean,
  /** Told each zoom's scale (1 = the whole country). */
  onZoom?: (k: number) => void,
) {
  const behaviour = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const current = useRef<ZoomTransform>(zoomIdentity);
  const told = useRef(onZoom);
  useEffect(() => {
    told.current = onZoom;
  }, [onZoom]);

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg || !enabled) return;
    const apply = (t: ZoomTransform) => {
      current.current = t;
      layerRef.current?.setAttribute("transform", t.toString());
      svg.style.setProperty("--k", String(t.k));
      told.current?.(t.k);
    };
    const z = zoom<SVGSVGElement, unknown>()
      // d3's default, plus: one finger scrolls the page (the map is most of a phone's screen);
      // two fingers pinch and pan the map.
      .filter(
        (e: MouseEvent & TouchEvent) =>
          (!e.ctrlKey || e.type === "wheel") && !e.button && (e.type !== "touchstart" || e.touches.length > 1),
      )
      .scaleExtent([1, MAX_ZOOM])
      .translateExtent([
        [0, 0],
        [size.width, size.height],
      ])
      .extent([
        [0, 0],
        [size.width, size.height],
      ])
      .on("zoom", (e: { transform: ZoomTransform }) => apply(e.transform));
    const selection = select(svg);
    selection.call(z).on("dblclick.zoom", null);
    behaviour.current = z;
    apply(current.current);
    return () => {
      selection.on(".zoom", null);
      behaviour.current = null;
    };
  }, [svgRef, layerRef, size.width, size.height, enabled]);

  const run = useCallback(
    (fn: (z: ZoomBehavior<SVGSVGElement, unknown>, svg: SVGSVGElement) => void) => {
      if (behaviour.current && svgRef.current) fn(behaviour.current, svgRef.current);
    },
    [svgRef],
  );

  const zoomBy = useCallback((k: number) => run((z, svg) => z.scaleBy(select(svg), k)), [run]);
  const panBy = useCallback(
    (dx: number, dy: number) => run((z, svg) => z.translateBy(select(svg), dx / current.current.k, dy / current.current.k)),
    [run],
  );
  const reset = useCallback(() => run((z, svg) => z.transform(select(svg), zoomIdentity)), [run]);
  /** Shows the box [[x0, y0], [x1, y1]] (frame units) as large as fits, centred. */
  const zoomTo = useCallback(
    ([[x0, y0], [x1, y1]]: [[number, number], [number, number]]) =>
      run((z, svg) => {
        const k = Math.min(MAX_ZOOM, 0.9 / Math.max((x1 - x0) / size.width, (y1 - y0) / size.height));
        z.transform(
          select(svg),
          zoomIdentity
            .translate(size.width / 2, size.height / 2)
            .scale(Math.max(1, k))
            .translate(-(x0 + x1) / 2, -(y0 + y1) / 2),
        );
      }),
    [run, size.width, size.height],
  );

  /** + and − zoom, arrows pan (the map is never mirrored: → always goes east), 0 resets. */
  const onKeyDown = useCallback(
    (e: KeyboardEvent) => {
      const actions: Record<string, () => void> = {
        "+": () => zoomBy(STEP),
        "=": () => zoomBy(STEP),
        "-": () => zoomBy(1 / STEP),
        _: () => zoomBy(1 / STEP),
        ArrowLeft: () => panBy(PAN, 0),
        ArrowRight: () => panBy(-PAN, 0),
        ArrowUp: () => panBy(0, PAN),
        ArrowDown: () => panBy(0, -PAN),
        "0": reset,
      };
      const act = actions[e.key];
      if (!act || e.altKey || e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      act();
    },
    [zoomBy, panBy, reset],
  );

  return { zoomIn: () => zoomBy(STEP), zoomOut: () => zoomBy(1 / STEP), reset, zoomTo, onKeyDown, transform: current };
}
