import express, { type Request, type Response, Router } from "express";
import { addressKey } from "../../common/client-address.js";
import { AppError } from "../../common/errors.js";
import { logger } from "../../common/logger.js";
import * as rateLimit from "./rate-limit.service.js";
import type { SecurityDetails } from "./security-event.entity.js";
import { recordSecurityEvents } from "./security-event.service.js";
import { isServerBusy } from "../../common/busy.js";

const REPORT_TYPES = ["application/csp-report", "application/reports+json", "application/json"];
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown, max = 2000): string | null => (typeof v === "string" ? v.slice(0, max) : null);

/** Keeps only the fields worth storing from either report format. */
function normalise(report: Record<string, unknown>): SecurityDetails {
  return {
    documentUri: str(report["document-uri"] ?? report.documentURL),
    violatedDirective: str(report["violated-directive"] ?? report.effectiveDirective ?? report["effective-directive"]),
    blockedUri: str(report["blocked-uri"] ?? report.blockedURL),
    sourceFile: str(report["source-file"] ?? report.sourceFile),
    lineNumber: num(report["line-number"] ?? report.lineNumber),
    disposition: str(report.disposition, 20),
  };
}

/** Reports stored from one POST (the Reporting API batches them). */
const REPORTS_PER_POST = 20;

/**
 * Browsers POST CSP violations here (`report-uri` and the Reporting API). Each is
 * stored as a medium-severity security event; malformed bodies are refused with 400.
 * Anyone may post, so each address (an IPv6 client by its /64) may store only
 * `perAddressPerHour` reports an hour (429 after): a flood from one place cannot push the
 * others out of the cap, and the cap is kept per severity, so no number of reports evicts
 * a high or critical event.
 */
export function cspReportRouter(counter: rateLimit.Counter, perAddressPerHour: number): Router {
  const { ds } = counter;
  const router = Router();
  router.post("/csp-report", express.json({ type: REPORT_TYPES, limit: "32kb" }), async (req: Request, res: Response) => {
    const body: unknown = req.body;
    const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
    const reports: Record<string, unknown>[] = Array.isArray(body)
      ? body.filter((r) => isObject(r) && r.type === "csp-violation" && isObject(r.body)).map((r) => r.body)
      : isObject(body) && isObject(body["csp-report"])
        ? [body["csp-report"]]
        : [];
    if (reports.length === 0) {
      res.status(400).json({ error: "invalid_report" });
      return;
    }
    const kept = reports.slice(0, REPORTS_PER_POST);
    try {
      await rateLimit.hit(counter, `csp-report:ip:${addressKey(req.ip)}`, { max: perAddressPerHour, windowSeconds: 3600 }, kept.length);
      const userAgent = req.get("user-agent");
      await recordSecurityEvents(
        ds,
        kept.map((r) => ({ type: "csp_violation", severity: "medium" as const, details: normalise(r), userAgent })),
      );
      res.status(204).end();
    } catch (err) {
      if (err instanceof AppError && err.retryAfterSeconds !== undefined) {
        res.status(429).set("Retry-After", String(err.retryAfterSeconds)).json({ error: "rate_limited" });
        return;
      }
      // A busy database is answered 503 with Retry-After by the app's error handler, like every route.
      if (isServerBusy(err)) throw err;
      logger.error("Could not store CSP report", { err: String(err) });
      res.status(500).end();
    }
  });
  return router;
}
