import { geoMercator } from "d3-geo";
import DRAWING from "virtual:lebanon-drawing";

type Bounds = [[number, number], [number, number]];

/** A caza as the map draws it: its names, its outline as an SVG path and its box, in the drawing's units. */
export interface DrawnCaza {
  id: string;
  /** Latin name, as the village gazetteer spells it (the villages' `district`). */
  name: string;
  nameAr: string | null;
  nameFr: string | null;
  d: string;
  bounds: Bounds;
}

/**
 * Lebanon drawn once, when the client is built (drawing-build.ts): every caza, the borders and the
 * outline as SVG paths in a 400-unit-wide frame of the whole country, and the Mercator projection
 * that drew them (for places).
 */
export interface Drawing {
  width: number;
  height: number;
  scale: number;
  translate: [number, number];
  cazas: DrawnCaza[];
  cazaBorders: string;
  regionBorders: string;
  outline: string;
}

export { DRAWING };

const projection = geoMercator().scale(DRAWING.scale).translate(DRAWING.translate);

/** The caza of that name (the villages' `district`), if the map has it. */
export function drawnCaza(name: string | null | undefined): DrawnCaza | undefined {
  return name ? DRAWING.cazas.find((c) => c.name === name) : undefined;
}

/** A frame the drawing is shown in: its size, and where the drawing and places go in it. */
export interface Frame {
  width: number;
  height: number;
  /** The SVG transform that places the drawing (its paths) in the frame. */
  transform: string;
  /** [x, y] of a point in the frame (north up, east right, whatever the page's direction). */
  project: (lng: number, lat: number) => [number, number];
  /** A box of the drawing (a caza's bounds), in the frame. */
  box: (b: Bounds) => Bounds;
}

/**
 * The whole country `width` wide (its height follows), or, given `fit`, that caza fitted into a
 * `width` × `height` frame `pad` units from its edges, centred.
 */
export function frameOf(width: number, fit?: { caza: DrawnCaza; height: number; pad: number }): Frame {
  let k = width / DRAWING.width;
  let tx = 0;
  let ty = 0;
  let height = DRAWING.height * k;
  if (fit) {
    const [[x0, y0], [x1, y1]] = fit.caza.bounds;
    height = fit.height;
    const w = width - 2 * fit.pad;
    const h = height - 2 * fit.pad;
    k = Math.min(w / (x1 - x0), h / (y1 - y0));
    tx = fit.pad + (w - (x1 - x0) * k) / 2 - x0 * k;
    ty = fit.pad + (h - (y1 - y0) * k) / 2 - y0 * k;
  }
  const at = ([x, y]: [number, number]): [number, number] => [x * k + tx, y * k + ty];
  return {
    width,
    height,
    transform: `translate(${tx} ${ty}) scale(${k})`,
    project: (lng, lat) => {
      const xy = projection([lng, lat]);
      return xy ? at(xy) : [NaN, NaN];
    },
    box: ([a, b]) => [at(a), at(b)],
  };
}

/** An area's name in the reader's language (Latin when it has none in theirs). */
export function areaName(area: { name: string; nameAr: string | null; nameFr: string | null }, lang: string): string {
  const pick = lang === "ar" ? area.nameAr : lang === "fr" ? area.nameFr : area.name;
  return pick || area.name;
}
