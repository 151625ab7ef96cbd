import { useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CHART_FONT, exportPng, exportSvg, fileNameFor } from "./exportChart";
import { useZoomPan } from "./useZoomPan";

/**
 * The frame every chart is drawn in: a focusable viewport with zoom and pan (wheel, pinch,
 * drag, keys), the +, − and fit buttons, and export as SVG or PNG named after the root.
 */
export function ChartFrame({ width, height, label, fileBase, suffix, children, wasDragRef }: {
  width: number;
  height: number;
  label: string;
  fileBase: string;
  suffix: string;
  children: ReactNode;
  /** Filled with a function telling whether the last pointer gesture was a drag (not a click). */
  wasDragRef?: { current: () => boolean };
}) {
  const { t } = useTranslation();
  const svgRef = useRef<SVGSVGElement>(null);
  const z = useZoomPan(width, height);
  const [busy, setBusy] = useState(false);
  if (wasDragRef) wasDragRef.current = z.wasDrag;
  const run = async (kind: "svg" | "png") => {
    if (!svgRef.current) return;
    setBusy(true);
    try {
      const name = fileNameFor(fileBase, suffix, kind);
      await (kind === "svg" ? exportSvg : exportPng)(svgRef.current, width, height, name);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="chart-frame">
      <div className="chart-toolbar" role="toolbar" aria-label={t("chart.view_tools")}>
        <button type="button" className="icon-button" onClick={z.zoomIn} aria-label={t("chart.zoom_in")} title={t("chart.zoom_in")}>+</button>
        <button type="button" className="icon-button" onClick={z.zoomOut} aria-label={t("chart.zoom_out")} title={t("chart.zoom_out")}>−</button>
        <button type="button" className="icon-button" onClick={z.fit} aria-label={t("chart.fit")} title={t("chart.fit")}>⤢</button>
        <span className="chart-toolbar__spacer" />
        <button type="button" className="button" disabled={busy} onClick={() => run("svg")}>{t("chart.export_svg")}</button>
        <button type="button" className="button" disabled={busy} onClick={() => run("png")}>{t("chart.export_png")}</button>
      </div>
      <div
        ref={z.ref}
        className="chart-viewport"
        tabIndex={0}
        role="group"
        aria-label={`${label} — ${t("chart.keys_hint")}`}
        data-testid="chart-viewport"
        data-zoom={z.view.k.toFixed(3)}
        {...z.handlers}
      >
        <svg ref={svgRef} className="chart-svg" width="100%" height="100%" fontFamily={CHART_FONT}>
          <g data-viewport="" transform={`translate(${z.view.x} ${z.view.y}) scale(${z.view.k})`}>{children}</g>
        </svg>
      </div>
    </div>
  );
}
