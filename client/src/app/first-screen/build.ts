// Writes each page's first screen into the built HTML, once per language, when the client is built
// (the Vite plugin `firstScreen` in vite.config.ts). Runs in Node: a Vite server in SSR mode loads
// the app's own components (render.tsx) and React renders them to HTML. The server then sends the
// reader's language (server/src/app/static.ts), so a phone paints the header and the home page's
// title before a single script has run, instead of a blank page until the JavaScript is in.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { createServer, type Plugin } from "vite";
import { parseTranslations } from "../../i18n/csv";
import { LANGUAGES, type LanguageCode } from "../../i18n/languages";
import { boot } from "./boot";

/**
 * The pages with a first screen of their own; every other path gets the frame (header, a spinner,
 * footer). The build lists them in `first-screens.json` for the server (static.ts).
 */
export const FIRST_SCREENS = {
  home: { path: "/", title: "app.tagline" },
  villages: { path: "/villages", title: "villages.title" },
  frame: { path: null, title: null },
} as const;
export type FirstScreenName = keyof typeof FIRST_SCREENS;

/**
 * Where the server puts a rendered page (server-render.tsx) into its page: the page inside
 * `#root`, its title, and the data it was made of before `</body>`. Listed in first-screens.json.
 */
export const RENDERED_SLOTS = { page: "<!--roots:page-->", title: "%ROOTS_TITLE%", data: "<!--roots:data-->" } as const;

/** `index.<page>.<lang>.html`, beside index.html (the server's static.ts reads the same names). */
export const firstScreenFile = (page: FirstScreenName, lang: LanguageCode): string => `index.${page}.${lang}.html`;

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/**
 * What a first screen adds to index.html's head: its chunks' stylesheets and scripts, the boot
 * script's address, and the font files to fetch at once.
 */
export interface FirstScreenAssets {
  css: string[];
  js: string[];
  boot: string;
  fonts?: string[];
  /**
   * The screen is a page rendered whole on the server (server-render.tsx): usable as it is, links
   * and all, even with no JavaScript, so not inert.
   */
  whole?: boolean;
}

/**
 * index.html in one language: `<html lang dir>`, title and description, the first screen inside
 * `#root`, the stylesheets it needs, and its scripts handed to the boot script (boot.ts), which
 * starts them once the screen has been painted.
 */
export function withFirstScreen(
  index: string,
  lang: LanguageCode,
  body: string,
  texts: { title: string; description: string },
  assets: FirstScreenAssets,
): string {
  const dir = LANGUAGES.find((l) => l.code === lang)!.dir;
  const replace = (from: RegExp, to: string, text: string) => {
    if (!from.test(text)) throw new Error(`first screen: index.html has no ${from}`);
    return text.replace(from, () => to);
  };
  const entries: string[] = [];
  const preloads: string[] = [];
  let html = index
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g, (_, src: string) => (entries.push(src), ""))
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_, href: string) => (preloads.push(href), ""));
  if (entries.length === 0) throw new Error("first screen: index.html has no module script");
  html = replace(/<html[^>]*>/, `<html lang="${lang}" dir="${dir}">`, html);
  html = replace(/<title>[^<]*<\/title>/, `<title>${escapeText(texts.title)}</title>`, html);
  html = replace(
    /<meta name="description" content="[^"]*"\s*\/?>/,
    `<meta name="description" content="${escapeAttr(texts.description)}" />`,
    html,
  );
  const styles =
    assets.css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`).join("") +
    (assets.fonts ?? []).map((f) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${f}">`).join("");
  const preload = [...preloads, ...assets.js.map((f) => `/${f}`)].join(" ");
  const script = `<script defer src="${escapeAttr(assets.boot)}" data-entry="${escapeAttr(entries.join(" "))}" data-preload="${escapeAttr(preload)}"></script>`;
  html = replace(/<\/head>/, `${styles}${script}</head>`, html);
  // A first screen is inert until the app has taken over (App.tsx): what a reader typed or chose in
  // the screen's copy of the page would be lost when React puts the live page in its place.
  return replace(/<div id="root"><\/div>/, `<div id="root"${assets.whole ? "" : " inert"}>${body}</div>`, html);
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isDynamicEntry?: boolean;
}

/**
 * What a first screen needs beyond index.html's own script and stylesheet: the stylesheets of
 * the lazy chunks its render loaded (the home page's own CSS, which would otherwise arrive with
 * its script, after the first paint, and move everything), and those chunks' scripts to fetch early.
 * `lazyCss`: also the stylesheets of the parts those chunks load lazily themselves (a page the
 * server renders whole shows them in its HTML: the village page's map).
 */
export function chunkAssets(
  manifest: Record<string, ManifestChunk>,
  loadedSources: Iterable<string>,
  index: string,
  { lazyCss = false }: { lazyCss?: boolean } = {},
): Omit<FirstScreenAssets, "boot"> {
  const css = new Set<string>();
  const js = new Set<string>();
  const styled = new Set<string>();
  const missing = (file: string) => !index.includes(`/${file}"`);
  const style = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || styled.has(key)) return;
    styled.add(key);
    chunk.css?.forEach((f) => css.add(f));
    chunk.imports?.forEach(style);
  };
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((f) => css.add(f));
    chunk.imports?.forEach(visit);
    // The shell (in index.html) loads every page lazily: only the page's own parts count.
    if (lazyCss && missing(chunk.file)) chunk.dynamicImports?.forEach(style);
  };
  for (const source of loadedSources) if (manifest[source]?.isDynamicEntry) visit(source);
  return { css: [...css].filter(missing), js: [...js].filter((f) => f.endsWith(".js") && missing(f)) };
}

/**
 * The faces a first screen's text is set in (ui/theme/text-face.css): Noto Sans 400 for Latin
 * letters and digits, which every language shows, and Noto Naskh Arabic 400 in Arabic. Fetched
 * with the page, so the text takes its lasting shape early.
 */
function textFaces(outDir: string, lang: LanguageCode): string[] {
  const files = readdirSync(resolve(outDir, "assets"));
  const faces = [/^noto-sans-latin-400-normal-.*\.woff2$/, ...(lang === "ar" ? [/^noto-naskh-arabic-arabic-400-normal-.*\.woff2$/] : [])];
  return faces.map((face) => {
    const file = files.find((f) => face.test(f));
    if (!file) throw new Error(`first screen: no ${face} in the build`);
    return `assets/${file}`;
  });
}

/** Writes the boot script (boot.ts) into the build's assets, named by its content; its address. */
function writeBoot(outDir: string): string {
  const source = `(${boot.toString()})(document.currentScript);\n`;
  const name = `assets/boot-${createHash("sha256").update(source).digest("base64url").slice(0, 10)}.js`;
  writeFileSync(resolve(outDir, name), source);
  return `/${name}`;
}

/** The plugin: after the bundle is written, renders every first screen in every language. */
export function firstScreen(options: { configFile: string; translations: string }): Plugin {
  let outDir = "dist";
  let root = ".";
  return {
    name: "roots-first-screen",
    // The browser's build only (not the server renderer's `vite build --ssr`).
    apply: (_, env) => env.command === "build" && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const previous = process.env.NODE_ENV;
      process.env.NODE_ENV = "production";
      // Stylesheets are the browser's business: the render needs only the components.
      const noCss: Plugin = {
        name: "roots-first-screen-no-css",
        enforce: "pre",
        resolveId: (id) => (/\.css(\?|$)/.test(id) ? "\0first-screen-css" : undefined),
        load: (id) => (id === "\0first-screen-css" ? "export default {};" : undefined),
      };
      const server = await createServer({
        configFile: options.configFile,
        logLevel: "error",
        plugins: [noCss],
        appType: "custom",
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
      });
      try {
        const { renderFirstScreen } = (await server.ssrLoadModule("/src/app/first-screen/render.tsx")) as typeof import("./render");
        const { preloadRoute } = (await server.ssrLoadModule("/src/app/preload.ts")) as typeof import("../preload");
        const resources = parseTranslations(readFileSync(options.translations, "utf8"));
        const index = readFileSync(resolve(outDir, "index.html"), "utf8");
        const manifest = JSON.parse(readFileSync(resolve(outDir, ".vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;
        const bootSrc = writeBoot(outDir);
        // The modules run so far (a module Vite only looked at has no instance yet).
        const run = () => [...server.moduleGraph.idToModuleMap.values()].filter((m) => m.ssrModule && m.id).map((m) => m.id!);
        const screens = Object.entries(FIRST_SCREENS) as [FirstScreenName, (typeof FIRST_SCREENS)[FirstScreenName]][];
        for (const [page, { path, title: titleKey }] of screens) {
          const before = new Set(run());
          if (path) await preloadRoute(path);
          for (const { code } of LANGUAGES) {
            const text = (key: string) => resources[code].translation[key] ?? resources.en.translation[key] ?? "";
            const site = text("app.name");
            // The title useDocumentTitle gives the page, the site's name for the frame.
            const title = titleKey ? text("app.page_title").replace("{{page}}", text(titleKey)).replace("{{site}}", site) : site;
            const body = await renderFirstScreen(path, code, resources);
            const loaded = run()
              .filter((id) => !before.has(id))
              .map((id) => relative(root, id));
            // The frame shows no page of its own: nothing to fetch ahead for it.
            const chunks = page === "frame" ? { css: [], js: [] } : chunkAssets(manifest, loaded, index);
            const html = withFirstScreen(
              index,
              code,
              body,
              { title, description: text("app.description") },
              { ...chunks, boot: bootSrc, fonts: textFaces(outDir, code) },
            );
            writeFileSync(resolve(outDir, firstScreenFile(page, code)), html);
          }
        }
        const pages = Object.fromEntries(screens.flatMap(([page, { path }]) => (path ? [[path, page]] : [])));
        // The pages the server renders with their data (server-render.tsx): per language, the page
        // around the slots the server fills, with the stylesheets and scripts of the page's parts.
        const { serverRenderedPaths } = (await server.ssrLoadModule("/src/app/routePaths.ts")) as typeof import("../routePaths");
        const rendered: Record<string, string> = {};
        for (const [i, pattern] of serverRenderedPaths().entries()) {
          const name = `rendered-${i}`;
          const before = new Set(run());
          await preloadRoute(pattern.replace(/:[^/]+/g, "x"));
          const loaded = run()
            .filter((id) => !before.has(id))
            .map((id) => relative(root, id));
          const chunks = chunkAssets(manifest, loaded, index, { lazyCss: true });
          for (const { code } of LANGUAGES) {
            const description = resources[code].translation["app.description"] ?? "";
            const html = withFirstScreen(
              index,
              code,
              RENDERED_SLOTS.page,
              { title: RENDERED_SLOTS.title, description },
              { ...chunks, boot: bootSrc, fonts: textFaces(outDir, code), whole: true },
            );
            writeFileSync(resolve(outDir, `index.${name}.${code}.html`), html.replace("</body>", `${RENDERED_SLOTS.data}</body>`));
          }
          rendered[pattern] = name;
        }
        writeFileSync(resolve(outDir, "first-screens.json"), JSON.stringify({ pages, frame: "frame", rendered, slots: RENDERED_SLOTS }));
      } finally {
        await server.close();
        process.env.NODE_ENV = previous;
      }
    },
  };
}
