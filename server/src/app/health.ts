import type { Request, Response } from "express";
import type { DataSource } from "typeorm";

const startedAt = Date.now();

export interface HealthReport {
  status: "ok" | "degraded";
  database: { status: "up" | "down"; latencyMs: number | null };
  uptimeSeconds: number;
  version: string;
  time: string;
}

/** Checks the database with a real round trip; 503 when it does not answer. */
export async function healthReport(ds: DataSource, version: string): Promise<HealthReport> {
  const t0 = performance.now();
  let database: HealthReport["database"];
  try {
    await ds.query("SELECT 1");
    database = { status: "up", latencyMs: Math.round((performance.now() - t0) * 10) / 10 };
  } catch {
    database = { status: "down", latencyMs: null };
  }
  return {
    status: database.status === "up" ? "ok" : "degraded",
    database,
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    version,
    time: new Date().toISOString(),
  };
}

/**
 * `GET /health` answers JSON to programs; a browser navigating there (Accept: text/html)
 * falls through to the client's /health page, which reads this same JSON.
 */
export function healthHandler(ds: DataSource, version: string) {
  return async (req: Request, res: Response, next: () => void) => {
    if (req.accepts(["json", "html"]) === "html") return next();
    const report = await healthReport(ds, version);
    res
      .status(report.status === "ok" ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json(report);
  };
}
