import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import express, { type Router } from "express";

/**
 * A test for "is this one of the client's pages?", from react-router path patterns
 * (`/libanpedia/:villageId`, `/admin/*`): case-insensitive, a trailing slash allowed, a
 * `:param` matching one non-empty segment and `*` the rest, as react-router matches them.
 */
export function clientRouteMatcher(patterns: readonly string[]): (path: string) => boolean {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const regexes = patterns.map((pattern) => {
    const segments = pattern
      .split("/")
      .filter(Boolean)
      .map((seg) => (seg === "*" ? "(?:/.*)?" : seg.startsWith(":") ? "/[^/]+" : `/${escape(seg)}`));
    return new RegExp(`^${segments.join("") || ""}/?$`, "i");
  });
  return (path) => regexes.some((re) => re.test(path));
}

/**
 * Serves the built client: hashed assets cached for a year, everything else revalidated,
 * and index.html for any other GET that wants HTML (client-side routes). A path that is not
 * one of the client's routes (`routes.json`, written by the client build from its area
 * manifests) gets index.html with status 404: the app shows its not-found page, and crawlers
 * and link checkers see the truth.
 */
export function clientRouter(dist: string): Router | null {
  const root = resolve(dist);
  const index = resolve(root, "index.html");
  if (!existsSync(index)) return null;
  const routesFile = resolve(root, "routes.json");
  // A client built before routes.json existed: every page path is served as before (200).
  const known = existsSync(routesFile)
    ? clientRouteMatcher((JSON.parse(readFileSync(routesFile, "utf8")) as { routes: string[] }).routes)
    : () => true;
  const router = express.Router();
  router.use("/assets", express.static(resolve(root, "assets"), { immutable: true, maxAge: "365d", index: false }));
  router.use(express.static(root, { index: false, maxAge: 0 }));
  router.get(/.*/, (req, res, next) => {
    if (req.accepts(["html", "json"]) !== "html") return next();
    res
      .status(known(req.path) ? 200 : 404)
      .set("Cache-Control", "no-cache")
      .sendFile(index);
  });
  return router;
}
