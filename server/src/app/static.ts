import { existsSync } from "node:fs";
import { resolve } from "node:path";
import express, { type Router } from "express";

/**
 * Serves the built client: hashed assets cached for a year, everything else revalidated,
 * and index.html for any other GET that wants HTML (client-side routes).
 */
export function clientRouter(dist: string): Router | null {
  const root = resolve(dist);
  const index = resolve(root, "index.html");
  if (!existsSync(index)) return null;
  const router = express.Router();
  router.use("/assets", express.static(resolve(root, "assets"), { immutable: true, maxAge: "365d", index: false }));
  router.use(express.static(root, { index: false, maxAge: 0 }));
  router.get(/.*/, (req, res, next) => {
    if (req.accepts(["html", "json"]) !== "html") return next();
    res.set("Cache-Control", "no-cache").sendFile(index);
  });
  return router;
}
