/// <reference types="vitest/config" />
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, runnerImport, type ConfigEnv, type Plugin } from "vite";
import { parseTranslations } from "./src/i18n/csv";
import { firstScreen } from "./src/app/first-screen/build";
import { buildDrawing } from "./src/ui/map/drawing-build";
import { arabicFaces } from "./src/ui/theme/arabic-subset";

const translations = fileURLToPath(new URL("./src/i18n/translations.csv", import.meta.url));
const server = process.env.ROOTS_SERVER_URL ?? "http://localhost:4000";

/** The browser's build (`vite build`), not the server renderer's (`vite build --ssr`, see build.ssr below). */
export const clientBuild = (_: unknown, env: ConfigEnv): boolean => env.command === "build" && !env.isSsrBuild;

/** Serves and emits the translations CSV at the site root (spec §7), from its one source file. */
function translationsCsv(): Plugin {
  return {
    name: "roots-translations-csv",
    configureServer(dev) {
      dev.middlewares.use("/translations.csv", (_req, res) => {
        res.setHeader("Content-Type", "text/csv; charset=utf-8");
        res.end(readFileSync(translations));
      });
    },
    generateBundle() {
      if (this.environment.config.build.ssr) return;
      this.emitFile({ type: "asset", fileName: "translations.csv", source: readFileSync(translations) });
    },
  };
}

const LANGUAGE_MODULE = "virtual:roots-translations/";

/**
 * One module per language (`virtual:roots-translations/ar`), built from the same CSV: the app
 * loads only the reader's language (a hashed, cacheable chunk) instead of the whole table. A
 * text missing in a language is written in English, as i18next's fallback would show it.
 */
function translationModules(): Plugin {
  return {
    name: "roots-translation-modules",
    resolveId: (id) => (id.startsWith(LANGUAGE_MODULE) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${LANGUAGE_MODULE}`)) return;
      const lang = id.slice(LANGUAGE_MODULE.length + 1) as "ar" | "en" | "fr";
      this.addWatchFile(translations);
      const all = parseTranslations(readFileSync(translations, "utf8"));
      if (!all[lang]) throw new Error(`no translations for ${lang}`);
      const texts = { ...all.en.translation, ...all[lang].translation };
      // JSON.parse of a string literal is faster to load than the same object as code.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});`;
    },
  };
}

const DRAWING_MODULE = "virtual:lebanon-drawing";
const topology = fileURLToPath(new URL("./src/ui/map/data/lebanon.topo.json", import.meta.url));

/** The map's drawing (SVG paths of Lebanon's cazas and borders), made here once rather than in every browser. */
function lebanonDrawing(): Plugin {
  return {
    name: "roots-lebanon-drawing",
    resolveId: (id) => (id === DRAWING_MODULE ? `\0${id}` : undefined),
    load(id) {
      if (id !== `\0${DRAWING_MODULE}`) return;
      this.addWatchFile(topology);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(buildDrawing(topology)))});`;
    },
  };
}

/**
 * Emits `routes.json`: the client's route patterns, read from the area manifests themselves
 * (src/app/routePaths.ts), so the server can answer 404 for any other page path.
 */
function routesJson(): Plugin {
  return {
    name: "roots-routes-json",
    apply: clientBuild,
    async generateBundle() {
      const { module } = await runnerImport<typeof import("./src/app/routePaths")>(
        fileURLToPath(new URL("./src/app/routePaths.ts", import.meta.url)),
        {
          configFile: false,
          logLevel: "silent",
        },
      );
      this.emitFile({
        type: "asset",
        fileName: "routes.json",
        source: JSON.stringify({ routes: module.knownRoutePaths() }, null, 1) + "\n",
      });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    translationsCsv(),
    translationModules(),
    lebanonDrawing(),
    arabicFaces({ translations, cacheDir: fileURLToPath(new URL("./node_modules/.cache/roots-arabic-faces", import.meta.url)) }),
    routesJson(),
    firstScreen({ configFile: fileURLToPath(import.meta.url), translations }),
  ],
  server: {
    port: 5173,
    proxy: {
      "/graphql": { target: server, ws: true, changeOrigin: false },
      "/health": { target: server, bypass: (req) => (req.headers.accept?.includes("text/html") ? req.url : undefined) },
      "/csp-report": server,
    },
  },
  // `vite build --ssr`: the renderer the server runs for public data pages (first-screen/server-render.tsx),
  // into dist/.server (a dot folder: never served); its packages come from node_modules.
  build: isSsrBuild
    ? { target: "node20", outDir: "dist/.server", emptyOutDir: true, sourcemap: false, minify: false, copyPublicDir: false }
    : {
        target: "es2022",
        sourcemap: true,
        manifest: true,
        chunkSizeWarningLimit: 400,
        rolldownOptions: {
          output: {
            // What the first page needs comes as one script and one stylesheet, not twenty small
            // ones: on a slow mobile connection each extra request costs a round trip.
            // The entry (index.html, main.tsx) stays a chunk of its own, which the manifest names as the entry.
            codeSplitting: {
              groups: [{ name: "shell", tags: ["$initial"], test: (id) => !/[\\/](index\.html|src[\\/]main\.tsx)$/.test(id) }],
            },
          },
        },
      },
  test: {
    // One worker per core: vitest's default leaves one core free (a single worker on 2 cores), and
    // most of a file's time here is setting up its jsdom, which the second core halves.
    maxWorkers: availableParallelism(),
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./vitest.setup.ts"],
  },
}));
