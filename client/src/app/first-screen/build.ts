// Writes each page's first screen into the built HTML, once per language, when the client is built
// (the Vite plugin `firstScreen` in vite.config.ts). Runs in Node: a Vite server in SSR mode loads
// the app's own components (render.tsx) and React renders them to HTML. The server then sends the
// reader's language (server/src/app/static.ts), so a phone paints the header and the home page's
// title before a single script has run, instead of a blank page until the JavaScript is in.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { createServer, type Plugin } from "vite";
import { parseTranslations } from "../../i18n/csv";
import { LANGUAGES, type LanguageCode } from "../../i18n/languages";

/** The pages with a first screen of their own; every other path gets the frame (header, a spinner, footer). */
export const FIRST_SCREENS = { home: "/", frame: "/__first-screen" } as const;
export type FirstScreenName = keyof typeof FIRST_SCREENS;

/** `index.<page>.<lang>.html`, beside index.html (the server's static.ts reads the same names). */
export const firstScreenFile = (page: FirstScreenName, lang: LanguageCode): string => `index.${page}.${lang}.html`;

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** index.html in one language: `<html lang dir>`, title and description, and the first screen inside `#root`. */
export function withFirstScreen(
  index: string,
  lang: LanguageCode,
  body: string,
  texts: { title: string; description: string },
  links = "",
): string {
  const dir = LANGUAGES.find((l) => l.code === lang)!.dir;
  const replace = (from: RegExp, to: string, text: string) => {
    if (!from.test(text)) throw new Error(`first screen: index.html has no ${from}`);
    return text.replace(from, () => to);
  };
  let html = replace(/<html[^>]*>/, `<html lang="${lang}" dir="${dir}">`, index);
  html = replace(/<title>[^<]*<\/title>/, `<title>${escapeText(texts.title)}</title>`, html);
  html = replace(
    /<meta name="description" content="[^"]*"\s*\/?>/,
    `<meta name="description" content="${escapeAttr(texts.description)}" />`,
    html,
  );
  html = replace(/<\/head>/, `${links}</head>`, html);
  // Inert until the app has taken over (App.tsx): what a reader typed or chose in the screen's
  // copy of the page would be lost when React puts the live page in its place.
  return replace(/<div id="root"><\/div>/, `<div id="root" inert>${body}</div>`, html);
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isDynamicEntry?: boolean;
}

/**
 * What a first screen needs beyond index.html's own script and stylesheet: the stylesheets of
 * the lazy chunks its render loaded (the home page's own CSS, which would otherwise arrive with
 * its script, after the first paint, and move everything), and those chunks' scripts to fetch early.
 */
export function chunkLinks(manifest: Record<string, ManifestChunk>, loadedSources: Iterable<string>, index: string): string {
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((f) => css.add(f));
    chunk.imports?.forEach(visit);
  };
  for (const source of loadedSources) if (manifest[source]?.isDynamicEntry) visit(source);
  const missing = (file: string) => !index.includes(`/${file}"`);
  return [
    ...[...css].filter(missing).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...[...js].filter((f) => f.endsWith(".js") && missing(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ].join("");
}

/**
 * The face an Arabic first screen's text is set in (Noto Naskh Arabic 400, as ui/theme/preload.ts
 * starts it when there is no first screen): fetched with the page, so the text reflows less late.
 */
function fontPreload(outDir: string, lang: LanguageCode): string {
  if (lang !== "ar") return "";
  const file = readdirSync(resolve(outDir, "assets")).find((f) => /^noto-naskh-arabic-arabic-400-normal-.*\.woff2$/.test(f));
  if (!file) throw new Error("first screen: the Arabic text face is not in the build");
  return `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${file}">`;
}

/** The plugin: after the bundle is written, renders every first screen in every language. */
export function firstScreen(options: { configFile: string; translations: string }): Plugin {
  let outDir = "dist";
  let root = ".";
  return {
    name: "roots-first-screen",
    apply: "build",
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
        // The modules run so far (a module Vite only looked at has no instance yet).
        const run = () => [...server.moduleGraph.idToModuleMap.values()].filter((m) => m.ssrModule && m.id).map((m) => m.id!);
        for (const [page, path] of Object.entries(FIRST_SCREENS) as [FirstScreenName, string][]) {
          const before = new Set(run());
          await preloadRoute(path);
          for (const { code } of LANGUAGES) {
            const text = (key: string) => resources[code].translation[key] ?? resources.en.translation[key] ?? "";
            const site = text("app.name");
            // The title useDocumentTitle gives the page (home: its tagline), the site's name for the frame.
            const title =
              page === "home" ? text("app.page_title").replace("{{page}}", text("app.tagline")).replace("{{site}}", site) : site;
            const body = await renderFirstScreen(path, code, resources);
            const loaded = run()
              .filter((id) => !before.has(id))
              .map((id) => relative(root, id));
            // The frame shows no page of its own: nothing to fetch ahead for it.
            const links = (page === "frame" ? "" : chunkLinks(manifest, loaded, index)) + fontPreload(outDir, code);
            const html = withFirstScreen(index, code, body, { title, description: text("app.description") }, links);
            writeFileSync(resolve(outDir, firstScreenFile(page, code)), html);
          }
        }
      } finally {
        await server.close();
        process.env.NODE_ENV = previous;
      }
    },
  };
}
