/// <reference types="vitest/config" />
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, runnerImport, type Plugin } from "vite";

const translations = fileURLToPath(new URL("./src/i18n/translations.csv", import.meta.url));
const server = process.env.ROOTS_SERVER_URL ?? "http://localhost:4000";

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
      this.emitFile({ type: "asset", fileName: "translations.csv", source: readFileSync(translations) });
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
    apply: "build",
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

/**
 * Preloads the one face the first screen needs: Arabic is the default language, and its
 * body text is Noto Naskh Arabic 400. Headings and the Latin faces load as text asks for
 * them (font-display: swap), so they never hold up the first paint.
 */
function preloadFirstFont(): Plugin {
  return {
    name: "roots-preload-first-font",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((f) => /noto-naskh-arabic-arabic-400-normal-.*\.woff2$/.test(f));
        if (!font) return [];
        return [
          { tag: "link", attrs: { rel: "preload", href: `/${font}`, as: "font", type: "font/woff2", crossorigin: "" }, injectTo: "head" },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), translationsCsv(), routesJson(), preloadFirstFont()],
  server: {
    port: 5173,
    proxy: {
      "/graphql": { target: server, ws: true, changeOrigin: false },
      "/health": { target: server, bypass: (req) => (req.headers.accept?.includes("text/html") ? req.url : undefined) },
      "/csp-report": server,
    },
  },
  build: { target: "es2022", sourcemap: true, manifest: true, chunkSizeWarningLimit: 400 },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./vitest.setup.ts"],
  },
});
