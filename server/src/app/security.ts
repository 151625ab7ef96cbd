import { isIP } from "node:net";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import helmet from "helmet";
import type { Config } from "../config.js";

const isLocalHost = (host: string): boolean =>
  host === "localhost" || host.endsWith(".localhost") || isIP(host.replace(/^\[|\]$/g, "")) !== 0;

/**
 * Behind a TLS-terminating proxy, plain-HTTP requests are sent to HTTPS (308 keeps the
 * method), except for localhost and bare IP hosts (spec §9).
 */
export function httpsRedirect(config: Config): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (config.TRUST_PROXY > 0 && req.get("x-forwarded-proto") && req.protocol === "http" && !isLocalHost(req.hostname)) {
      res.redirect(308, `https://${req.get("host")}${req.originalUrl}`);
      return;
    }
    next();
  };
}

/** The API explorer's page (GraphiQL): the one page whose policy is wider. */
export const EXPLORER_PATH = "/developers/explorer";

const DIRECTIVES = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'"],
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'"],
  "connect-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
  "report-uri": ["/csp-report"],
  "report-to": ["csp"],
};

const policy = (directives: Record<string, string[]>) =>
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });

/**
 * Real security headers (decisions.md): CSP with reporting, nosniff, referrer policy, HSTS over TLS.
 * The explorer's page alone allows the styles GraphiQL injects and its editor's workers (blob:);
 * the app opens it as a whole page load, so no other page runs under that policy.
 */
export function securityHeaders(): RequestHandler[] {
  const strict = policy(DIRECTIVES);
  const explorer = policy({
    ...DIRECTIVES,
    "style-src": ["'self'", "'unsafe-inline'"],
    "font-src": ["'self'", "data:"],
    "worker-src": ["'self'", "blob:"],
  });
  const csp: RequestHandler = (req, res, next) => (req.path === EXPLORER_PATH ? explorer : strict)(req, res, next);
  const extras: RequestHandler = (req, res, next) => {
    res.setHeader("Reporting-Endpoints", 'csp="/csp-report"');
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
  return [csp, extras];
}
