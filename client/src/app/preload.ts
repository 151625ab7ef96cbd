import { matchRoutes } from "react-router-dom";
import type { AreaRoute } from "./area";
import { AREAS } from "./areas";

const ROUTES = AREAS.flatMap((area) => area.routes.map((route) => ({ path: route.path, route })));

/** The area route that answers `pathname`, if any. */
export const routeOf = (pathname: string): AreaRoute | undefined => matchRoutes(ROUTES, pathname)?.[0]?.route.route;

/**
 * Starts loading what the opened page needs (its page module and, for pages that read data, the
 * GraphQL client) at once, while the reader's texts load, instead of one round trip after the
 * other once React renders. What loads here is what React's lazy imports then find ready.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const route = routeOf(pathname);
  if (!route) return;
  await Promise.all([route.page.preload?.(), route.access !== "public" ? import("./apollo-root") : undefined]);
}
