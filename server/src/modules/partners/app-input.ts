import ipaddr from "ipaddr.js";
import { isPublicAddress } from "./webhooks/ssrf.js";
import { isAppScope, type AppScope } from "../../common/auth/app-scope.js";
import { partnerError } from "./partners.errors.js";

const MAX_URIS = 10;
const MAX_URL = 500;
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The app's name as shown to members on the consent page: 2 to 80 characters, spaces tidied. */
export function appName(raw: unknown): string {
  const name = typeof raw === "string" ? raw.normalize("NFC").replace(/\s+/g, " ").trim() : "";
  if ([...name].length < 2 || [...name].length > 80) throw partnerError("partners.errors.name", "name");
  return name;
}

/**
 * Redirect URIs, compared exactly at authorization: absolute, https (http only for the
 * developer's own machine: localhost, 127.0.0.1, [::1]), no fragment, no credentials, no wildcard.
 */
export function redirectUris(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : [];
  if (list.length > MAX_URIS) throw partnerError("partners.errors.redirect_count", "redirectUris", { max: MAX_URIS });
  const out: string[] = [];
  for (const value of list) {
    if (typeof value !== "string" || value.length > MAX_URL || value.includes("*") || !URL.canParse(value))
      throw partnerError("partners.errors.redirect_uri", "redirectUris", { uri: String(value).slice(0, 100) });
    const url = new URL(value);
    const loopback = url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
    if ((url.protocol !== "https:" && !loopback) || url.hash || value.includes("#") || url.username || url.password)
      throw partnerError("partners.errors.redirect_uri", "redirectUris", { uri: value.slice(0, 100) });
    if (!out.includes(value)) out.push(value);
  }
  return out;
}

/** The scopes an app asks for: one or more of the published ones. */
export function appScopes(raw: unknown): AppScope[] {
  const list = Array.isArray(raw) ? raw : [];
  const scopes = [...new Set(list)];
  if (scopes.length === 0 || !scopes.every((s): s is AppScope => typeof s === "string" && isAppScope(s)))
    throw partnerError("partners.errors.scopes", "scopes");
  return scopes;
}

/**
 * Where webhooks go: https, a name or a public address. Its addresses are checked again each time
 * one is sent (the name may resolve elsewhere by then). `allow`: WEBHOOK_TEST_ALLOW (tests only).
 */
export function webhookUrl(raw: unknown, allow: readonly string[] = []): string | null {
  if (raw == null || raw === "") return null;
  if (typeof raw !== "string" || raw.length > MAX_URL || !URL.canParse(raw))
    throw partnerError("partners.errors.webhook_url", "webhookUrl");
  const url = new URL(raw);
  if (url.protocol !== "https:" || url.username || url.password || url.hash)
    throw partnerError("partners.errors.webhook_url", "webhookUrl");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost")) throw partnerError("partners.errors.webhook_url", "webhookUrl");
  if (ipaddr.isValid(host) && !isPublicAddress(host) && !allow.includes(host))
    throw partnerError("partners.errors.webhook_url", "webhookUrl");
  return url.toString();
}
