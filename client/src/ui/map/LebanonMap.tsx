import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { currentLanguage } from "../../i18n";
import { languageInfo } from "../../i18n/languages";
import { formatNumber } from "../../lib/format";
import type { MapCluster } from "./compact";
import { areaName, DRAWING, drawnCaza, frameOf } from "./drawing";
import { otherScriptName, pointName, type MapPoint } from "./filter";
import { useMapZoom } from "./useMapZoom";
import "./map-frame.css";
import "./map.css";

export interface LebanonMapProps {
  /** The map's accessible name; the page's list of the same places is its text alternative. */
  label: string;
  /** Every place, drawn as small dots (decoration: the list carries them for assistive technology). */
  points?: readonly MapPoint[];
  /**
   * Each caza's places as one mark with their number, drawn instead of the dots until the map is
   * zoomed in or a caza is chosen (then `onNeedPoints` asks for the places). Without it, dots at once.
   */
  clusters?: readonly MapCluster[];
  /** Called once, when the map first has to show its places (zoomed in, a caza chosen). */
  onNeedPoints?: () => void;
  /** A place's names, for its card, when `points` come without them. */
  nameOf?: (id: string) => Promise<PlaceNames | null>;
  /** Places drawn large and focusable, as links (search results, this village), with their names. */
  highlight?: readonly MapPoint[];
  /** Where a place opens; without it places show a card but open nothing. */
  hrefOf?: (p: MapPoint) => string;
  /** The chosen caza (its Latin name): drawn highlighted, zoomed to, its places brought forward. */
  selectedCaza?: string | null;
  /** Clicking a caza chooses it (clicking it again clears the choice). */
  onSelectCaza?: (caza: string | null) => void;
  /** A still map framed on this caza (the village page's mini-map), in a square: no zoom, no controls. */
  fitCaza?: string | null;
  /** Frame width in SVG units (the map scales to its container). */
  width?: number;
  caption?: ReactNode;
  className?: string;
}

const EMPTY: readonly MapPoint[] = [];
/** How far from a place a tap still takes it: half of a 44 px touch target. */
const TAP_REACH_PX = 22;
/** The zoom from which places are drawn one by one rather than as one mark per caza. */
export const CLUSTER_ZOOM = 2;

export type PlaceNames = Pick<MapPoint, "name" | "nameAr" | "nameFr">;

interface Card {
  point: MapPoint;
  x: number;
  y: number;
}

/**
 * Lebanon drawn from its own boundaries (no tile server): cazas, mohafazat borders, the
 * outline and places. North is up and east right in every language; only the controls follow
 * the page's direction. Wheel, pinch, drag and keyboard zoom; hover or tap a place for its card.
 */
export const LebanonMap = memo(function LebanonMap({
  label,
  points = EMPTY,
  clusters,
  onNeedPoints,
  nameOf,
  highlight = EMPTY,
  hrefOf,
  selectedCaza,
  onSelectCaza,
  fitCaza,
  width = 400,
  caption,
  className,
}: LebanonMapProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const navigate = useNavigate();
  const hintId = useId();
  const svgRef = useRef<SVGSVGElement>(null);
  const layerRef = useRef<SVGGElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const [card, setCard] = useState<Card | null>(null);
  const [names, setNames] = useState<ReadonlyMap<string, PlaceNames>>(new Map());
  const [zoomedIn, setZoomedIn] = useState(false);
  const hideTimer = useRef<number | undefined>(undefined);
  const pointerType = useRef<string>("mouse");

  const framed = drawnCaza(fitCaza);
  // A still map's frame is square whatever its caza's shape (the caza fits inside), so the page
  // below it does not move when it replaces its placeholder (MapPlaceholder `still`).
  const frame = useMemo(() => frameOf(width, framed ? { caza: framed, height: width, pad: 16 } : undefined), [framed, width]);
  const interactive = !framed;
  const onZoom = useCallback((k: number) => setZoomedIn(k >= CLUSTER_ZOOM), []);
  const zoom = useMapZoom(svgRef, layerRef, frame, interactive, onZoom);

  // Zoomed out, a map with clusters draws one mark per caza and has not even fetched its places:
  // they come when it is zoomed in or a caza is chosen (and the marks stay until they arrive).
  const wantsPoints = !clusters || !interactive || zoomedIn || !!selectedCaza;
  useEffect(() => {
    if (wantsPoints) onNeedPoints?.();
  }, [wantsPoints, onNeedPoints]);
  const clustered = !!clusters && (!wantsPoints || points.length === 0);

  // Thousands of dots draw in the background (a deferred render React splits into short tasks):
  // the map's outline and its controls come first, and the page stays responsive meanwhile.
  const dotPoints = useDeferredValue(clustered ? EMPTY : points, EMPTY);
  const dots = useMemo(() => dotPoints.map((p) => ({ p, xy: frame.project(p.lng, p.lat) })), [dotPoints, frame]);
  const marks = useMemo(
    () => (clustered ? (clusters ?? []).map((c) => ({ c, xy: frame.project(c.lng, c.lat) })) : []),
    [clustered, clusters, frame],
  );
  // The highlighted places come with their names: they name a place the dots know only by id.
  const byId = useMemo(() => new Map([...points, ...highlight].map((p) => [p.id, p])), [points, highlight]);
  const highlighted = useMemo(() => new Set(highlight.map((p) => p.id)), [highlight]);
  const hits = useMemo(() => highlight.map((p) => ({ p, xy: frame.project(p.lng, p.lat) })), [highlight, frame]);

  // The chosen caza fills the view; clearing the choice shows the whole country again.
  const { zoomTo, reset } = zoom;
  useEffect(() => {
    if (!interactive) return;
    const caza = drawnCaza(selectedCaza);
    if (caza) zoomTo(frame.box(caza.bounds));
    else reset();
  }, [selectedCaza, frame, interactive, zoomTo, reset]);

  const showCard = useCallback(
    (point: MapPoint) => {
      window.clearTimeout(hideTimer.current);
      const svg = svgRef.current;
      const stage = stageRef.current;
      if (!svg || !stage) return;
      const [x, y] = frame.project(point.lng, point.lat);
      const tr = zoom.transform.current;
      const box = svg.getBoundingClientRect();
      const origin = stage.getBoundingClientRect();
      const scale = box.width / frame.width;
      // Keep the card (about 16rem wide, centred on the place) inside the map.
      const margin = Math.min(130, origin.width / 2);
      const cx = Math.min(Math.max(box.left - origin.left + tr.applyX(x) * scale, margin), origin.width - margin);
      setCard({ point, x: cx, y: box.top - origin.top + tr.applyY(y) * scale });
      if (!point.name && nameOf)
        void nameOf(point.id).then(
          (named) => named && setNames((known) => new Map(known).set(point.id, named)),
          () => undefined,
        );
    },
    [frame, zoom.transform, nameOf],
  );
  const hideSoon = useCallback(() => {
    window.clearTimeout(hideTimer.current);
    hideTimer.current = window.setTimeout(() => setCard(null), 400);
  }, []);
  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  const pointOf = (e: { target: EventTarget }) => {
    const id = (e.target as Element).closest?.("[data-id]")?.getAttribute("data-id");
    return id ? byId.get(id) : undefined;
  };
  const onPointerOver = (e: PointerEvent) => {
    const p = pointOf(e);
    if (p && e.pointerType === "mouse") showCard(p);
  };
  const onPointerOut = (e: PointerEvent) => {
    if (pointOf(e) && e.pointerType === "mouse") hideSoon();
  };
  // A mouse click opens the place; a tap shows its card first (the card's link opens it).
  const onPlaceClick = (e: MouseEvent) => {
    const p = pointOf(e);
    if (!p) return;
    e.preventDefault();
    if (pointerType.current !== "mouse" && card?.point.id !== p.id) showCard(p);
    else if (hrefOf) navigate(hrefOf(p));
  };

  // A finger covers several dots where villages are dense: a tap takes the place nearest to it
  // within 22 px (a 44 px target around every dot, like any other touch target), shows its card,
  // and leaves the caza under it alone. A second tap on the same place opens it.
  const onTapCapture = (e: MouseEvent) => {
    // (A click from the keyboard has no pointer: it opens the focused link as it always did.)
    if (!interactive || clustered || pointerType.current === "mouse" || e.detail === 0) return;
    const svg = svgRef.current;
    if (!svg) return;
    const box = svg.getBoundingClientRect();
    const scale = box.width / frame.width;
    const tr = zoom.transform.current;
    const [x, y] = tr.invert([(e.clientX - box.left) / scale, (e.clientY - box.top) / scale]);
    const reach = TAP_REACH_PX / (scale * tr.k);
    let nearest: MapPoint | undefined;
    let best = reach * reach;
    for (const p of points) {
      if (selectedCaza && p.district !== selectedCaza && !highlighted.has(p.id)) continue;
      const [px, py] = frame.project(p.lng, p.lat);
      const d = (px - x) ** 2 + (py - y) ** 2;
      if (d <= best) {
        best = d;
        nearest = p;
      }
    }
    if (!nearest) return;
    e.preventDefault();
    e.stopPropagation();
    if (card?.point.id === nearest.id && hrefOf) navigate(hrefOf(nearest));
    else showCard(nearest);
  };

  const dir = languageInfo(lang).dir;
  const selected = selectedCaza ?? fitCaza ?? null;
  const cardCaza = card?.point.district ? drawnCaza(card.point.district) : undefined;
  const cardPoint = card && { ...card.point, ...names.get(card.point.id) };

  return (
    <figure className={["lb-map", framed ? "lb-map--still" : "", className ?? ""].join(" ").trim()} data-selected-caza={selected ?? ""}>
      <div className="lb-map__stage" ref={stageRef}>
        <svg
          ref={svgRef}
          viewBox={`0 0 ${frame.width} ${frame.height}`}
          role="group"
          aria-label={label}
          aria-describedby={interactive ? hintId : undefined}
          tabIndex={interactive ? 0 : undefined}
          onKeyDown={interactive ? zoom.onKeyDown : undefined}
          onPointerDown={(e) => (pointerType.current = e.pointerType)}
          onClickCapture={onTapCapture}
          data-testid="lebanon-map"
        >
          <g ref={layerRef}>
            {/* The drawing made at build time, placed in this frame; places are projected into it. */}
            <g transform={frame.transform}>
              <g className="lb-map__cazas">
                {DRAWING.cazas.map((caza) => (
                  <path
                    key={caza.id}
                    d={caza.d}
                    data-caza={caza.name}
                    className={caza.name === selected ? "is-selected" : selected ? "is-other" : undefined}
                    onClick={onSelectCaza ? () => onSelectCaza(caza.name === selectedCaza ? null : caza.name) : undefined}
                  >
                    <title>{areaName(caza, lang)}</title>
                  </path>
                ))}
              </g>
              <path className="lb-map__caza-borders" d={DRAWING.cazaBorders} />
              <path className="lb-map__region-borders" d={DRAWING.regionBorders} />
              <path className="lb-map__outline" d={DRAWING.outline} />
            </g>
            <g className="lb-map__dots" aria-hidden="true" onPointerOver={onPointerOver} onPointerOut={onPointerOut} onClick={onPlaceClick}>
              {dots.map(({ p, xy: [x, y] }) => (
                <circle
                  key={p.id}
                  data-id={p.id}
                  cx={x}
                  cy={y}
                  className={selectedCaza && p.district !== selectedCaza ? "is-out" : undefined}
                />
              ))}
            </g>
            {clustered && (
              // Decoration too: a tap or a click goes through to the caza under its mark.
              <g className="lb-map__clusters" aria-hidden="true">
                {marks.map(({ c, xy: [x, y] }) => (
                  <g key={c.district ?? ""} data-caza={c.district ?? undefined} transform={`translate(${x} ${y})`}>
                    <circle style={{ r: `calc(${(4 + 0.55 * Math.sqrt(c.count)).toFixed(1)}px / var(--k))` }} />
                    <text dy="0.35em">{formatNumber(c.count, lang)}</text>
                  </g>
                ))}
              </g>
            )}
            <g className="lb-map__hits">
              {hits.map(({ p, xy: [x, y] }) => {
                const dot = <circle cx={x} cy={y} />;
                return hrefOf ? (
                  <Link
                    key={p.id}
                    to={hrefOf(p)}
                    data-id={p.id}
                    aria-label={pointName(p, lang)}
                    onPointerOver={onPointerOver}
                    onPointerOut={onPointerOut}
                    onClick={(e) => {
                      if (pointerType.current !== "mouse" && card?.point.id !== p.id) {
                        e.preventDefault();
                        showCard(p);
                      }
                    }}
                    onFocus={() => showCard(p)}
                    onBlur={hideSoon}
                  >
                    {dot}
                  </Link>
                ) : (
                  <g key={p.id} data-id={p.id} onPointerOver={onPointerOver} onPointerOut={onPointerOut}>
                    {dot}
                  </g>
                );
              })}
            </g>
          </g>
        </svg>
        {card && (
          <div className="lb-map__card-layer" dir="ltr">
            <div
              className={card.y < 96 ? "lb-map__card is-below" : "lb-map__card"}
              role="status"
              dir={dir}
              style={{ transform: `translate(${Math.round(card.x)}px, ${Math.round(card.y)}px)` }}
              onPointerEnter={() => window.clearTimeout(hideTimer.current)}
              onPointerLeave={hideSoon}
              data-testid="map-card"
            >
              <strong>{cardPoint?.name ? <bdi>{pointName(cardPoint, lang)}</bdi> : <span className="muted">…</span>}</strong>
              {cardPoint && otherScriptName(cardPoint, lang) && (
                <bdi className="lb-map__card-other" lang={lang === "ar" ? "en" : "ar"} dir="auto">
                  {otherScriptName(cardPoint, lang)}
                </bdi>
              )}
              {cardCaza && <span className="lb-map__card-caza">{areaName(cardCaza, lang)}</span>}
              {hrefOf && <Link to={hrefOf(card.point)}>{t("map.open_village")}</Link>}
            </div>
          </div>
        )}
        {interactive && (
          <div className="lb-map__controls">
            <button type="button" onClick={zoom.zoomIn} aria-label={t("map.zoom_in")} title={t("map.zoom_in")}>
              +
            </button>
            <button type="button" onClick={zoom.zoomOut} aria-label={t("map.zoom_out")} title={t("map.zoom_out")}>
              −
            </button>
            <button
              type="button"
              onClick={() => (selectedCaza && onSelectCaza ? onSelectCaza(null) : zoom.reset())}
              aria-label={t("map.reset")}
              title={t("map.reset")}
            >
              ⤢
            </button>
          </div>
        )}
      </div>
      {interactive && (
        <p id={hintId} className="lb-map__hint">
          {t("map.keys_hint")}
        </p>
      )}
      {caption && <figcaption className="lb-map__caption">{caption}</figcaption>}
    </figure>
  );
});

export default LebanonMap;
