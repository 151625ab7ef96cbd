import { AREAS } from "./areas";
import { REDIRECTS } from "./redirects";

/**
 * Every path pattern the client answers with a page of its own (react-router syntax: `:param`
 * segments), from the area manifests and the redirects. The client build writes them to
 * `routes.json`, and the server answers 404 for any other page path, while still sending the
 * app, which shows its not-found page.
 */
export function knownRoutePaths(): string[] {
  return [...new Set([...AREAS.flatMap((a) => a.routes.map((r) => r.path)), ...REDIRECTS.map((r) => r.from)])].sort();
}

/** The patterns of the pages the server renders with their data (AreaRoute.serverRendered). */
export function serverRenderedPaths(): string[] {
  return AREAS.flatMap((a) => a.routes.filter((r) => r.serverRendered).map((r) => r.path));
}
