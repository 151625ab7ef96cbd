// Builds the map's drawing from the boundaries once, when the client is built (the Vite plugin
// `virtual:lebanon-drawing` in vite.config.ts), not in every reader's browser: decoding the
// TopoJSON and projecting its 25 cazas into SVG paths cost a phone about a third of a second of
// blocked main thread on every map page. Runs in Node; the browser gets the strings.
import { readFileSync } from "node:fs";
import { geoMercator, geoPath } from "d3-geo";
import type { FeatureCollection, MultiPolygon, Polygon } from "geojson";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import type { AreaProps } from "./boundaries";
import type { Drawing } from "./drawing";

/** The drawing's own frame: the whole country in a 400-unit-wide frame, 8 units from each edge. */
const WIDTH = 400;
const PAD = 8;

export function buildDrawing(topologyFile: string): Drawing {
  type Objects = { country: GeometryCollection<AreaProps>; regions: GeometryCollection<AreaProps>; cazas: GeometryCollection<AreaProps> };
  const topo = JSON.parse(readFileSync(topologyFile, "utf8")) as Topology<Objects>;
  const collection = (key: keyof Objects) => feature(topo, topo.objects[key]) as FeatureCollection<Polygon | MultiPolygon, AreaProps>;
  const country = collection("country").features[0];
  const probe = geoMercator().fitWidth(WIDTH - 2 * PAD, country);
  const [[, y0], [, y1]] = geoPath(probe).bounds(country);
  const height = Math.ceil(y1 - y0 + 2 * PAD);
  const projection = geoMercator().fitExtent(
    [
      [PAD, PAD],
      [WIDTH - PAD, height - PAD],
    ],
    country,
  );
  // A tenth of an SVG unit: a tenth of a pixel at the country's size, within two at the map's full zoom.
  const path = geoPath(projection).digits(1);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    width: WIDTH,
    height,
    scale: projection.scale(),
    translate: projection.translate(),
    cazas: collection("cazas").features.map(({ properties: p, ...c }) => {
      const [[bx0, by0], [bx1, by1]] = path.bounds({ ...c, properties: p });
      return {
        id: p.id,
        name: p.name,
        nameAr: p.nameAr,
        nameFr: p.nameFr,
        d: path({ ...c, properties: p }) ?? "",
        bounds: [
          [round(bx0), round(by0)],
          [round(bx1), round(by1)],
        ],
      };
    }),
    cazaBorders: path(mesh(topo, topo.objects.cazas, (a, b) => a !== b)) ?? "",
    regionBorders: path(mesh(topo, topo.objects.regions, (a, b) => a !== b)) ?? "",
    outline: path(country) ?? "",
  };
}
