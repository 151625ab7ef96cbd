/// <reference types="vitest/config" />
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

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

export default defineConfig({
  plugins: [react(), translationsCsv()],
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
