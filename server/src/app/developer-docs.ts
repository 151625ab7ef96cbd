import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { diff, type Change } from "@graphql-inspector/core";
import { buildSchema } from "graphql";
import express from "express";
import type { Config } from "../config.js";
import { APP_ROUTE_COST, OAUTH_TTL } from "../modules/partners/index.js";
import { readReleases, type Release } from "./schema-releases.js";

/** The schema as built (schema/schema.graphql, checked against the code by CI). */
const SCHEMA_FILE = fileURLToPath(new URL("../../../schema/schema.graphql", import.meta.url));

export interface ChangelogEntry {
  date: string;
  changes: { criticality: string; message: string; path: string | null }[];
}

/** Each release with what changed since the one before (the first release: nothing listed), newest first. */
export async function changelog(releases: readonly Release[]): Promise<ChangelogEntry[]> {
  const out: ChangelogEntry[] = [];
  for (let i = 0; i < releases.length; i++) {
    const changes: Change[] = i === 0 ? [] : await diff(buildSchema(releases[i - 1].sdl), buildSchema(releases[i].sdl));
    out.push({
      date: releases[i].date,
      changes: changes.map((c) => ({ criticality: c.criticality.level, message: c.message, path: c.path ?? null })),
    });
  }
  return out.reverse();
}

/**
 * What the developer portal (`/developers`) reads, public and plain for partners' tools too:
 * `/api/schema.graphql` (the SDL, with `@scope` on the fields open to apps),
 * `/api/schema/changelog.json` (the releases and their changes), and
 * `/api/developers/limits` (budgets and token lifetimes).
 */
export function developerDocsRouter(config: Config): express.Router {
  const router = express.Router();
  let sdl: string | null = null;
  let log: Promise<ChangelogEntry[]> | null = null;
  router.get("/api/schema.graphql", (_req, res) => {
    sdl ??= readFileSync(SCHEMA_FILE, "utf8");
    res.type("text/plain; charset=utf-8").set("cache-control", "public, max-age=300").send(sdl);
  });
  router.get("/api/schema/changelog.json", async (_req, res) => {
    log ??= changelog(readReleases());
    res.set("cache-control", "public, max-age=300").json({ releases: await log });
  });
  router.get("/api/developers/limits", (_req, res) => {
    res.set("cache-control", "public, max-age=300").json({
      pointsPerHour: config.PARTNER_POINTS_PER_HOUR,
      routeCost: APP_ROUTE_COST,
      accessTokenSeconds: OAUTH_TTL.accessToken,
      codeSeconds: OAUTH_TTL.code,
      refreshIdleDays: Math.round(OAUTH_TTL.refreshToken / 86_400),
      maxDepth: config.GRAPHQL_MAX_DEPTH,
      maxCost: config.GRAPHQL_MAX_COST,
    });
  });
  return router;
}
