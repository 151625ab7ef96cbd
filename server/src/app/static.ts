import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import express, { type Request, type Router } from "express";
import { LANGUAGES, negotiateLanguage, type Language } from "../common/i18n.js";

/** The cookie the client keeps its reader's language in (client/src/i18n/index.ts), for the first screen. */
export const LANGUAGE_COOKIE = "roots_lang";

/** The reader's language for a page: their saved choice (the cookie), else their browser's, else Arabic (decisions.md). */
export function pageLanguage(req: Pick<Request, "get">): Language {
  const saved = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})(?:;|$)`).exec(req.get("cookie") ?? "")?.[1];
  return negotiateLanguage(saved, req.get("accept-language"));
}

/**
 * The built pages with their first screen already in (client/src/app/first-screen): a page's own
 * where the build made one (`first-screens.json`: the home page, /villages) and the frame every
 * other page shares, per language; null when the build has none.
 */
function firstScreens(root: string): ((path: string, lang: Language) => string) | null {
  const listFile = resolve(root, "first-screens.json");
  if (!existsSync(listFile)) return null;
  const { pages, frame } = JSON.parse(readFileSync(listFile, "utf8")) as { pages: Record<string, string>; frame: string };
  const file = (page: string, lang: Language) => resolve(root, `index.${page}.${lang}.html`);
  const names = [...Object.values(pages), frame];
  if (!LANGUAGES.every((lang) => names.every((page) => existsSync(file(page, lang))))) return null;
  // As the router matches: any case, a trailing slash allowed.
  const byPath = new Map(Object.entries(pages).map(([path, page]) => [path.toLowerCase(), page]));
  return (path, lang) => file(byPath.get(path.replace(/(.)\/+$/, "$1").toLowerCase()) ?? frame, lang);
}

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
 * and link checkers see the truth. When the build wrote first screens, the page is sent with its
 * own in the reader's language (the page's, or the frame for every page without one).
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
  const screens = firstScreens(root);
  const router = express.Router();
  router.use("/assets", express.static(resolve(root, "assets"), { immutable: true, maxAge: "365d", index: false }));
  router.use(express.static(root, { index: false, maxAge: 0 }));
  router.get(/.*/, (req, res, next) => {
    if (req.accepts(["html", "json"]) !== "html") return next();
    res.status(known(req.path) ? 200 : 404).set("Cache-Control", "no-cache");
    if (!screens) return res.sendFile(index);
    // The page as it first looks, in the reader's language: painted before any script runs.
    res
      .vary("Cookie")
      .vary("Accept-Language")
      .sendFile(screens(req.path, pageLanguage(req)));
  });
  return router;
}
