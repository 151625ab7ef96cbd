import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { createPortal, flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import "./chart.css";
import { CHART_FONT, exportPng, exportSvg, fileNameFor } from "./exportChart";
import { Minimap } from "./Minimap";
import { useChartZoom, type Culling } from "./useChartZoom";
import { readableZoom, type Rect } from "./viewMath";

/** Everything drawn: no culling, full detail (exports and print). */
const ALL: Culling = { rect: null, detail: true, whole: true };

/**
 * The frame every chart is drawn in: a focusable viewport with zoom and pan (wheel, pinch,
 * drag, keys), the +, − and fit buttons in a strip above it, a minimap on request for large trees, and export as SVG,
 * PNG or print (the chart alone, fitted to the page; "save as PDF" from there). It opens on
 * `focus` at a zoom where the smallest label is readable, or fitted when the whole chart is.
 * `children` draws the chart for a culling (the part near the screen, and whether text shows).
 */
export function ChartFrame({
  width,
  height,
  label,
  fileBase,
  suffix,
  focus,
  near,
  smallestFont,
  openKey,
  overview,
  compact,
  children,
}: {
  width: number;
  height: number;
  label: string;
  fileBase: string;
  suffix: string;
  focus: { x: number; y: number };
  /** The focus person's card, then the next generation's: the opening view frames as many as fit. */
  near?: Rect[];
  /** The smallest font size a label is drawn at, in drawing units. */
  smallestFont: number;
  openKey: string;
  /** The cards as rectangles, for the minimap. */
  overview?: Rect[];
  /** A shorter frame, for a chart inside another page. */
  compact?: boolean;
  children: (c: Culling) => ReactNode;
}) {
  const { t } = useTranslation();
  const z = useChartZoom({ width, height, focus, near, smallestFont, openKey });
  const [busy, setBusy] = useState(false);
  const [whole, setWhole] = useState(false);
  const [minimap, setMinimap] = useState(false);
  const wholeRef = useRef<SVGSVGElement>(null);
  const menuRef = useRef<HTMLDetailsElement>(null);
  const closeMenu = () => menuRef.current?.removeAttribute("open");

  // Printing (the button, or the browser's own print) shows the whole chart alone, fitted.
  useEffect(() => {
    const before = () => {
      document.documentElement.classList.add("printing-chart");
      flushSync(() => setWhole(true));
    };
    const after = () => {
      document.documentElement.classList.remove("printing-chart");
      setWhole(false);
    };
    window.addEventListener("beforeprint", before);
    window.addEventListener("afterprint", after);
    return () => {
      window.removeEventListener("beforeprint", before);
      window.removeEventListener("afterprint", after);
      document.documentElement.classList.remove("printing-chart");
    };
  }, []);

  const run = async (kind: "svg" | "png") => {
    closeMenu();
    setBusy(true);
    flushSync(() => setWhole(true));
    try {
      const name = fileNameFor(fileBase, suffix, kind);
      // The copy is taken at once (before the first await), then the whole drawing can go.
      const done = (kind === "svg" ? exportSvg : exportPng)(wholeRef.current!, width, height, name);
      setWhole(false);
      await done;
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const step = 60;
    const pan: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    if (pan[e.key]) z.panBy(...pan[e.key]);
    else if (e.key === "+" || e.key === "=") z.zoomBy(1.25);
    else if (e.key === "-" || e.key === "_") z.zoomBy(0.8);
    else if (e.key === "0") z.fit();
    else return;
    e.preventDefault();
  };
  const { w: vw, h: vh } = z.size.current;
  const large =
    !!overview && overview.length > 1 && (width * readableZoom(smallestFont) > vw * 1.2 || height * readableZoom(smallestFont) > vh * 1.2);

  return (
    <div className={compact ? "chart-frame chart-frame--compact" : "chart-frame"}>
      {/* The tools sit in a strip above the drawing, never over a card. */}
      <div className="chart-toolbar" role="toolbar" aria-label={t("chart.view_tools")}>
        <button
          type="button"
          className="icon-button"
          onClick={() => z.zoomBy(1.25)}
          aria-label={t("chart.zoom_in")}
          title={t("chart.zoom_in")}
        >
          +
        </button>
        <button
          type="button"
          className="icon-button"
          onClick={() => z.zoomBy(0.8)}
          aria-label={t("chart.zoom_out")}
          title={t("chart.zoom_out")}
        >
          −
        </button>
        <button type="button" className="icon-button" onClick={z.fit} aria-label={t("chart.fit")} title={t("chart.fit")}>
          ⤢
        </button>
        {large && (
          <button
            type="button"
            className="button chart-minimap-toggle"
            aria-pressed={minimap}
            data-testid="chart-minimap-toggle"
            onClick={() => setMinimap((m) => !m)}
          >
            {t("chart.overview")}
          </button>
        )}
        <details className="chart-export" ref={menuRef}>
          <summary className="button">{t("chart.export")}</summary>
          <div className="chart-export__menu">
            <button type="button" className="button" disabled={busy} onClick={() => run("svg")}>
              {t("chart.export_svg")}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => run("png")}>
              {t("chart.export_png")}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                closeMenu();
                window.print();
              }}
            >
              {t("chart.print")}
            </button>
          </div>
        </details>
      </div>
      <div className="chart-stage">
        <div
          ref={z.viewportRef}
          className="chart-viewport"
          tabIndex={0}
          role="group"
          aria-label={`${label} — ${t("chart.keys_hint")}`}
          data-testid="chart-viewport"
          onKeyDown={onKeyDown}
        >
          <svg className="chart-svg" width="100%" height="100%" fontFamily={CHART_FONT}>
            <g ref={z.groupRef} data-viewport="">
              {children(z.culling)}
            </g>
          </svg>
        </div>
        {/* The overview of a large tree opens on request, in a corner: the opening view has no card under it. */}
        {large && minimap && overview && (
          <Minimap
            width={width}
            height={height}
            rects={overview}
            viewRef={z.minimapRef}
            onPick={z.centreOn}
            onMount={z.refresh}
            label={t("chart.minimap")}
          />
        )}
      </div>
      {whole &&
        createPortal(
          <svg
            ref={wholeRef}
            className="chart-print"
            viewBox={`0 0 ${width} ${height}`}
            preserveAspectRatio="xMidYMid meet"
            fontFamily={CHART_FONT}
            aria-hidden="true"
          >
            <g data-viewport="">{children(ALL)}</g>
          </svg>,
          document.body,
        )}
    </div>
  );
}
