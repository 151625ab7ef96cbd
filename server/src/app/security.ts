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

/** Real security headers (decisions.md): CSP with reporting, nosniff, referrer policy, HSTS over TLS. */
export function securityHeaders(): RequestHandler[] {
  const csp = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
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
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  const extras: RequestHandler = (req, res, next) => {
    res.setHeader("Reporting-Endpoints", 'csp="/csp-report"');
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
  return [csp, extras];
}
