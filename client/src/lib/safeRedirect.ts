import { appConfig } from "./config";

const LOOPBACK_IPS = ["127.0.0.1", "[::1]", "::1"];

/** Hosts a redirect may point to: localhost, loopback IPs, this host, the product domain. */
export function allowedHosts(currentHost: string, productDomain = appConfig.productDomain): string[] {
  const hosts = ["localhost", ...LOOPBACK_IPS, currentHost.toLowerCase()];
  if (productDomain) hosts.push(productDomain.toLowerCase(), `app.${productDomain.toLowerCase()}`);
  return hosts;
}

const hostMatches = (host: string, allowed: string) => host === allowed || host.endsWith(`.${allowed}`);

/**
 * Spec §5: empty is rejected; the value is URL-decoded; a path starting with "/" is
 * accepted unless it holds "://", "javascript:" or "data:"; an absolute URL must be
 * http(s) to an allowed host or a subdomain of one. Anything unparsable is rejected.
 * Stricter than the prototype: "//host" and "/\host" (protocol-relative) are rejected,
 * since browsers treat them as other sites.
 */
export function isSafeRedirect(value: string | null | undefined, currentHost = window.location.host): boolean {
  if (!value) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value).trim();
  } catch {
    return false;
  }
  if (!decoded) return false;
  // Browsers drop tabs and newlines inside URLs ("/\t/evil" becomes "//evil").
  // eslint-disable-next-line no-control-regex -- control characters are what we refuse
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return false;
  const lower = decoded.toLowerCase();
  if (decoded.startsWith("/")) {
    if (decoded.startsWith("//") || decoded.startsWith("/\\")) return false;
    return !lower.includes("://") && !lower.includes("javascript:") && !lower.includes("data:");
  }
  let url: URL;
  try {
    url = new URL(decoded);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  const host = url.hostname.toLowerCase();
  const current = currentHost.toLowerCase().replace(/:\d+$/, "");
  return allowedHosts(current).some((allowed) => hostMatches(host, allowed));
}

/** The decoded target when safe, otherwise `fallback` (spec §8: silent fallback). */
export function safeRedirect(value: string | null | undefined, fallback: string, currentHost?: string): string {
  return isSafeRedirect(value, currentHost) ? decodeURIComponent(value!).trim() : fallback;
}
