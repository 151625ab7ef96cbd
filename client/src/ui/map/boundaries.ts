import { geoContains } from "d3-geo";
import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Polygon } from "geojson";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import topology from "./data/lebanon.topo.json";

/** What every area of the map carries (see data/SOURCES.md). */
export interface AreaProps {
  /** Who's On First id; `saida` for the derived caza. */
  id: string;
  kind: "country" | "region" | "caza";
  /** Latin name, as the village gazetteer spells it: a caza's name is the villages' `district`. */
  name: string;
  nameAr: string | null;
  nameFr: string | null;
  /** A caza's mohafaza (its id). */
  region?: string;
}

export type Area = Feature<Polygon | MultiPolygon, AreaProps>;

type Objects = { country: GeometryCollection<AreaProps>; regions: GeometryCollection<AreaProps>; cazas: GeometryCollection<AreaProps> };
const topo = topology as unknown as Topology<Objects>;
const collection = (key: keyof Objects) => feature(topo, topo.objects[key]) as FeatureCollection<Polygon | MultiPolygon, AreaProps>;

/**
 * Lebanon's outline, mohafazat and cazas, decoded from the TopoJSON (for geometry: which caza a
 * point lies in). The map itself draws from paths made when the client is built (drawing.ts).
 */
export const BOUNDARIES = {
  country: collection("country").features[0],
  regions: collection("regions").features,
  cazas: collection("cazas").features,
  /** Borders between mohafazat, drawn once each. */
  regionBorders: mesh(topo, topo.objects.regions, (a, b) => a !== b) as MultiLineString,
  /** Borders between cazas, drawn once each. */
  cazaBorders: mesh(topo, topo.objects.cazas, (a, b) => a !== b) as MultiLineString,
};

/** The caza of that name (the villages' `district`), if the map has it. */
export function cazaByName(name: string | null | undefined): Area | undefined {
  return name ? BOUNDARIES.cazas.find((c) => c.properties.name === name) : undefined;
}

/** The caza a point lies in (by its polygon), for places that carry no district. */
export function cazaAt(lng: number, lat: number): Area | undefined {
  return BOUNDARIES.cazas.find((c) => geoContains(c, [lng, lat]));
}
