import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import cookieParser from "cookie-parser";
import express, { type Request, type Router } from "express";
import { LANGUAGES, negotiateLanguage, type Language } from "../common/i18n.js";
import { logger } from "../common/logger.js";
import type { RenderedPage } from "./page-render.js";
import { hasSessionHint } from "./session-hint.js";

/** The cookie the client keeps its reader's language in (client/src/i18n/index.ts), for the first screen. */
export const LANGUAGE_COOKIE = "roots_lang";

/** The value of the cookie `name` in the request (parsed by cookie-parser, as clientRouter sets up), or undefined. */
export const cookieOf = (req: Request, name: string): string | undefined => (req.cookies as Record<string, string> | undefined)?.[name];

/** The reader's language for a page: their saved choice (the cookie), else their browser's, else Arabic (decisions.md). */
export function pageLanguage(req: Request): Language {
  const saved = cookieOf(req, LANGUAGE_COOKIE);
  return negotiateLanguage(saved && /^[a-z]{2}$/.test(saved) ? saved : undefined, req.get("accept-language"));
}

/**
 * Renders a page with its data for this request (server-render.tsx, through page-render.ts), or
 * null when the page is not rendered for this reader (a member's page, for a visitor); throws
 * when it cannot.
 */
export type RenderPage = (url: string, lang: Language, req: Request) => Promise<RenderedPage | null>;

/** Where a rendered page goes in its template (the build's RENDERED_SLOTS). */
interface Slots {
  page: string;
  title: string;
  data: string;
}

interface FirstScreens {
  /** The file to send for a page path: its own first screen, else the frame. */
  file(path: string, lang: Language): string;
  /** The frame every page without a first screen of its own shares: header, a spinner, footer; no reader's data. */
  frame(lang: Language): string;
  /** The template of a page the server renders with its data, or null. */
  rendered(path: string, lang: Language): { template: string; slots: Slots; frameTitle: string } | null;
}

/**
 * The built pages with their first screen already in (client/src/app/first-screen): a page's own
 * where the build made one (`first-screens.json`: the home page, /villages), the templates of the
 * pages the server renders with their data (a village), and the frame every other page shares,
 * per language; null when the build has none.
 */
function firstScreens(root: string): FirstScreens | null {
  const listFile = resolve(root, "first-screens.json");
  if (!existsSync(listFile)) return null;
  const list = JSON.parse(readFileSync(listFile, "utf8")) as {
    pages: Record<string, string>;
    frame: string;
    rendered?: Record<string, string>;
    slots?: Slots;
  };
  const { pages, frame, slots } = list;
  const rendered = slots ? (list.rendered ?? {}) : {};
  const file = (page: string, lang: Language) => resolve(root, `index.${page}.${lang}.html`);
  const names = [...Object.values(pages), ...Object.values(rendered), frame];
  if (!LANGUAGES.every((lang) => names.every((page) => existsSync(file(page, lang))))) return null;
  // As the router matches: any case, a trailing slash allowed.
  const byPath = new Map(Object.entries(pages).map(([path, page]) => [path.toLowerCase(), page]));
  const templates = Object.entries(rendered).map(([pattern, page]) => ({
    matches: clientRouteMatcher([pattern]),
    byLang: new Map(LANGUAGES.map((lang) => [lang, readFileSync(file(page, lang), "utf8")])),
  }));
  const frameTitles = new Map(
    LANGUAGES.map((lang) => [lang, /<title>([^<]*)<\/title>/.exec(readFileSync(file(frame, lang), "utf8"))?.[1] ?? ""]),
  );
  return {
    file: (path, lang) => file(byPath.get(path.replace(/(.)\/+$/, "$1").toLowerCase()) ?? frame, lang),
    frame: (lang) => file(frame, lang),
    rendered: (path, lang) => {
      const found = templates.find((t) => t.matches(path));
      return found && slots ? { template: found.byLang.get(lang)!, slots, frameTitle: frameTitles.get(lang)! } : null;
    },
  };
}

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A rendered page in its template: the page inside `#root`, its title (escaped; the frame's when
 * it gave none), and its data as JSON in a `<script type="application/json">` (not run, so the
 * CSP allows it) that no text in the data can close: every `<` is written `\u003c`.
 */
export function fillRenderedPage(template: string, slots: Slots, page: RenderedPage, frameTitle: string): string {
  const data = `<script type="application/json" id="roots-data">${JSON.stringify(page.data).replace(/</g, "\\u003c")}</script>`;
  const fill = (text: string, slot: string, value: string) => {
    const at = text.indexOf(slot);
    if (at < 0) throw new Error(`rendered page: the template has no ${slot}`);
    return text.slice(0, at) + value + text.slice(at + slot.length);
  };
  // The data first (its slot is last in the template), so no text of the page can be taken for a slot.
  const withData = fill(template, slots.data, data);
  const withTitle = fill(withData, slots.title, page.title ? escapeText(page.title) : frameTitle);
  return fill(withTitle, slots.page, page.html);
}

/**
 * A rendered page is sent again for this long without rendering it anew: a village page shared
 * widely costs one render per language every few seconds, not one per reader. (A member's own view
 * is asked for by the browser in any case; a visitor may see a change a few seconds late.)
 */
export const RENDER_KEEP_MS = 5000;
/** At most this many rendered pages are kept (the oldest go first). */
const RENDER_KEEP_MAX = 500;
/** A render that takes longer than this is given up for the frame (the browser then renders the page). */
export const RENDER_TIMEOUT_MS = 3000;
/** Renders waiting beyond this many: the next pages are sent with their frame (they take turns, see server-render.tsx). */
export const RENDER_QUEUE_LIMIT = 8;

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
 * own in the reader's language (the page's, or the frame for every page without one). With
 * `render`, the pages the build lists as rendered with their data (a village) are rendered for
 * each request (kept `keepMs`), and fall back to the frame when that fails.
 */
export function clientRouter(
  dist: string,
  render?: RenderPage | null,
  {
    keepMs = RENDER_KEEP_MS,
    personal = () => false,
  }: {
    keepMs?: number;
    /** The request names a member (the page cookie): their page is theirs alone, never kept or shared. */
    personal?: (req: Request) => boolean;
  } = {},
): Router | null {
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
  router.use(cookieParser());
  router.use("/assets", express.static(resolve(root, "assets"), { immutable: true, maxAge: "365d", index: false }));
  router.use(express.static(root, { index: false, maxAge: 0 }));
  let rendering = 0;
  type Sent = { html: string; notFound: boolean; member: boolean } | null;
  // Rendered pages kept for a moment; a render under way is shared by the readers who ask meanwhile.
  const kept = new Map<string, { until: number; page: Promise<Sent> }>();
  /** The page rendered with its data for this request (or a moment ago), or null (none to render, busy, too slow or failed). */
  const renderedPage = (req: Request, lang: Language): Promise<Sent> => {
    const target = render && screens?.rendered(req.path, lang);
    if (!target) return Promise.resolve(null);
    if (personal(req)) return renderAnew(req, lang, target, render, true);
    const key = `${lang} ${req.originalUrl}`;
    const hit = kept.get(key);
    if (hit && hit.until > Date.now()) return hit.page;
    if (kept.size >= RENDER_KEEP_MAX) kept.delete(kept.keys().next().value!);
    const entry = { until: Infinity, page: renderAnew(req, lang, target, render) };
    kept.set(key, entry);
    // A failure is not kept: the next reader's request tries again.
    void entry.page.then((sent) => (sent ? (entry.until = Date.now() + keepMs) : kept.delete(key)));
    return entry.page;
  };
  const renderAnew = async (
    req: Request,
    lang: Language,
    target: NonNullable<ReturnType<FirstScreens["rendered"]>>,
    render: RenderPage,
    named = false,
  ): Promise<Sent> => {
    if (rendering >= RENDER_QUEUE_LIMIT) return null;
    rendering++;
    let timer: NodeJS.Timeout | undefined;
    try {
      const page = await Promise.race([
        render(req.originalUrl, lang, req),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("timed out")), RENDER_TIMEOUT_MS))),
      ]);
      // Not for this reader; or "not found" for a page cookie that no longer names a member (their
      // own private record, perhaps): the browser, which knows who is signed in, renders the page.
      if (!page || (named && !page.member && page.notFound)) return null;
      return {
        html: fillRenderedPage(target.template, target.slots, page, target.frameTitle),
        notFound: page.notFound,
        member: page.member,
      };
    } catch (err) {
      const why = err instanceof AggregateError ? err.errors.map(String).join("; ") : String(err);
      logger.warn("Page not rendered on the server; its frame is sent", { path: req.path, err: why });
      return null;
    } finally {
      clearTimeout(timer);
      rendering--;
    }
  };
  router.get(/.*/, async (req, res, next) => {
    if (req.accepts(["html", "json"]) !== "html") return next();
    res.set("Cache-Control", "no-cache");
    if (!screens) return res.status(known(req.path) ? 200 : 404).sendFile(index);
    const lang = pageLanguage(req);
    res.vary("Cookie").vary("Accept-Language");
    // Someone signed in on this browser (the session hint) is shown their own page or the neutral
    // frame, never a visitor's: with their access cookie lapsed, the app renews the session and
    // renders their view. (A member's page is rendered as them when the page cookie still names them.)
    const member = hasSessionHint(req);
    // A page the server renders whole (a village): its content and data in the HTML; an unknown
    // one is the not-found page, with 404.
    const page = member && !personal(req) ? null : await renderedPage(req, lang);
    // A member's page holds what only they may see: no cache anywhere keeps it.
    if (page?.member) res.set("Cache-Control", "private, no-store");
    if (page && (page.member || !member))
      return res
        .status(page.notFound ? 404 : 200)
        .type("html")
        .send(page.html);
    const status = known(req.path) ? 200 : 404;
    if (member) return res.status(status).sendFile(screens.frame(lang));
    // The page as it first looks, in the reader's language: painted before any script runs.
    res.status(status).sendFile(screens.file(req.path, lang));
  });
  return router;
}
