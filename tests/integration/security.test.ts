import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { SECURITY_EVENTS_CAP } from "../../server/src/modules/security/index.js";
import { startTestServer, wsOnce, type TestServer } from "../support/server.js";

let server: TestServer;

/** fetch() cannot set Host; a raw request can, as a proxy would. */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on("error", reject);
    req.end();
  });
}
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "1", PUBLIC_URL: "https://roots.example", ALLOWED_ORIGINS: "https://partner.example" });
});
afterAll(() => server.stop());

describe("HTTP security headers", () => {
  it("sends CSP with reporting, nosniff and the referrer policy", async () => {
    const res = await fetch(`${server.url}/health`);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("report-uri /csp-report");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-powered-by")).toBeNull();
  });

  it("sends HSTS only when the request came over TLS", async () => {
    const plain = await fetch(`${server.url}/health`);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const tls = await fetch(`${server.url}/health`, { headers: { "x-forwarded-proto": "https", host: "roots.example" } });
    expect(tls.headers.get("strict-transport-security")).toContain("max-age=");
  });

  it("redirects plain HTTP to HTTPS behind a proxy, except localhost and IP hosts", async () => {
    const res = await rawGet("/about?x=1", { "x-forwarded-proto": "http", host: "roots.example" });
    expect(res.status).toBe(308);
    expect(res.location).toBe("https://roots.example/about?x=1");
    for (const host of ["localhost", "127.0.0.1", "10.0.0.5:8080", "[::1]:4000"]) {
      const local = await rawGet("/health", { "x-forwarded-proto": "http", host, accept: "application/json" });
      expect(local.status).toBe(200);
    }
  });
});

describe("CSRF prevention", () => {
  it("refuses a simple (form-like) POST that a browser could send cross-site", async () => {
    const res = await fetch(`${server.url}/graphql`, { method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify({ query: "{ __typename }" }) });
    expect(res.status).toBe(400);
    const get = await fetch(`${server.url}/graphql?query=${encodeURIComponent("{ __typename }")}`);
    expect(get.status).toBe(400);
    const preflighted = await fetch(`${server.url}/graphql?query=${encodeURIComponent("{ __typename }")}`, { headers: { "apollo-require-preflight": "true" } });
    expect(preflighted.status).toBe(200);
  });
});

describe("WebSocket origin allow-list", () => {
  it("accepts the site's own origin, listed partners, and clients that send no Origin", async () => {
    for (const origin of ["https://roots.example", "https://partner.example", undefined]) {
      const client = server.ws({ origin });
      const res = await wsOnce<{ __typename: string }>(client, "{ __typename }");
      expect(res.data?.__typename).toBe("Query");
      await client.dispose();
    }
  });

  it("refuses a browser on another origin at the handshake", async () => {
    const client = server.ws({ origin: "https://evil.example" });
    await expect(wsOnce(client, "{ __typename }")).rejects.toBeTruthy();
    await client.dispose();
  });
});

describe("CSP violation reports", () => {
  const report = (blocked: string) => ({
    "csp-report": { "document-uri": "https://roots.example/", "violated-directive": "script-src", "blocked-uri": blocked, "line-number": 3 },
  });

  it("stores a report as a medium-severity security event", async () => {
    const res = await fetch(`${server.url}/csp-report`, { method: "POST", headers: { "content-type": "application/csp-report" }, body: JSON.stringify(report("https://evil.example/x.js")) });
    expect(res.status).toBe(204);
    const rows: { type: string; severity: string; details: Record<string, unknown> }[] = await server.ds.query(
      `SELECT type, severity, details FROM security_events WHERE details->>'blockedUri' = 'https://evil.example/x.js'`);
    expect(rows).toEqual([{ type: "csp_violation", severity: "medium", details: expect.objectContaining({ violatedDirective: "script-src", lineNumber: 3 }) }]);
  });

  it("accepts the Reporting API format too", async () => {
    const body = [{ type: "csp-violation", body: { documentURL: "https://roots.example/", effectiveDirective: "img-src", blockedURL: "https://tracker.example/p.gif" } }];
    const res = await fetch(`${server.url}/csp-report`, { method: "POST", headers: { "content-type": "application/reports+json" }, body: JSON.stringify(body) });
    expect(res.status).toBe(204);
    const rows: unknown[] = await server.ds.query(`SELECT 1 FROM security_events WHERE details->>'blockedUri' = 'https://tracker.example/p.gif'`);
    expect(rows).toHaveLength(1);
  });

  it("refuses malformed reports and stores nothing", async () => {
    const before: { n: string }[] = await server.ds.query(`SELECT count(*) AS n FROM security_events`);
    for (const body of ["{not json", JSON.stringify({ hello: "world" }), JSON.stringify([{ type: "other" }]), JSON.stringify({ "csp-report": null }), JSON.stringify([{ type: "csp-violation", body: null }])]) {
      const res = await fetch(`${server.url}/csp-report`, { method: "POST", headers: { "content-type": "application/csp-report" }, body });
      expect(res.status).toBe(400);
    }
    const after: { n: string }[] = await server.ds.query(`SELECT count(*) AS n FROM security_events`);
    expect(after[0].n).toBe(before[0].n);
  });

  it(`keeps only the newest ${SECURITY_EVENTS_CAP} events per severity`, async () => {
    await server.ds.query(
      `INSERT INTO security_events (id, type, severity, details, created_at)
       SELECT gen_random_uuid(), 'csp_violation', 'medium', '{}'::jsonb, now() - interval '1 day' FROM generate_series(1, 120)`);
    const res = await fetch(`${server.url}/csp-report`, { method: "POST", headers: { "content-type": "application/csp-report" }, body: JSON.stringify(report("https://newest.example/")) });
    expect(res.status).toBe(204);
    const [{ n }]: { n: string }[] = await server.ds.query(`SELECT count(*) AS n FROM security_events WHERE severity = 'medium'`);
    expect(Number(n)).toBe(SECURITY_EVENTS_CAP);
    const newest: unknown[] = await server.ds.query(`SELECT 1 FROM security_events WHERE details->>'blockedUri' = 'https://newest.example/'`);
    expect(newest).toHaveLength(1);
  });
});
