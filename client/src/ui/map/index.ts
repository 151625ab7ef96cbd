import { lazy } from "react";

/**
 * Maps of Lebanon drawn from its own boundaries (d3-geo, SVG, no tile server). The drawing code
 * and the boundaries load on first use, so a page that imports this costs the landing page nothing.
 * Villages, the home page, and later "where the diaspora lives" and "near my roots" use it.
 */
export const LebanonMap = lazy(() => import("./LebanonMap"));
export const CazaShape = lazy(() => import("./CazaShape"));
export type { LebanonMapProps } from "./LebanonMap";
export { pointsInCaza, pointName, type MapPoint } from "./filter";
export { MapPlaceholder } from "./MapPlaceholder";
export { clustersOfMap, pointsOfMap, type MapCaza, type MapCluster } from "./compact";

/**
 * How pages fetch the map's places (every village, thousands): straight to the page, past the
 * GraphQL cache. Normalising and reading back thousands of small objects cost a phone about a
 * second of blocked main thread; the points are fetched again when a map page opens.
 */
export const MAP_POINTS_POLICY = "no-cache" as const;
