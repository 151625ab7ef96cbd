import type { MapPoint } from "./filter";

/** The map's precision: ten-thousandths of a degree (about 11 m), as the server sends places. */
export const MAP_UNIT = 10_000;

/**
 * One caza's villages as the server sends them for maps (`villageMap`): a count and a centre,
 * then, once asked for, each village's slug and its offset from that centre in MAP_UNITs.
 */
export interface MapCaza {
  district?: string | null;
  count?: number;
  latitude: number;
  longitude: number;
  slugs?: readonly string[] | null;
  offsets?: readonly number[] | null;
}

/** A caza drawn as one mark with its number of places, until the map is zoomed in. */
export interface MapCluster {
  district: string | null;
  count: number;
  lat: number;
  lng: number;
}

/** The places of `villageMap`, by slug, without names (a place is named when its card opens). */
export function pointsOfMap(cazas: readonly MapCaza[]): MapPoint[] {
  return cazas.flatMap((c) =>
    (c.slugs ?? []).map((id, i) => ({
      id,
      lat: (Math.round(c.latitude * MAP_UNIT) + (c.offsets?.[2 * i] ?? 0)) / MAP_UNIT,
      lng: (Math.round(c.longitude * MAP_UNIT) + (c.offsets?.[2 * i + 1] ?? 0)) / MAP_UNIT,
      district: c.district ?? null,
    })),
  );
}

/** The clusters of `villageMap`: one per caza that has places. */
export function clustersOfMap(cazas: readonly MapCaza[]): MapCluster[] {
  return cazas
    .filter((c) => (c.count ?? 0) > 0)
    .map((c) => ({ district: c.district ?? null, count: c.count ?? 0, lat: c.latitude, lng: c.longitude }));
}
