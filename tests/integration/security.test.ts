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
    const res = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(res.status).toBe(400);
    const get = await fetch(`${server.url}/graphql?query=${encodeURIComponent("{ __typename }")}`);
    expect(get.status).toBe(400);
    const preflighted = await fetch(`${server.url}/graphql?query=${encodeURIComponent("{ __typename }")}`, {
      headers: { "apollo-require-preflight": "true" },
    });
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
    "csp-report": {
      "document-uri": "https://roots.example/",
      "violated-directive": "script-src",
      "blocked-uri": blocked,
      "line-number": 3,
    },
  });

  it("stores a report as a medium-severity security event", async () => {
    const res = await fetch(`${server.url}/csp-report`, {
      method: "POST",
      headers: { "content-type": "application/csp-report" },
      body: JSON.stringify(report("https://evil.example/x.js")),
    });
    expect(res.status).toBe(204);
    const rows: { type: string; severity: string; details: Record<string, unknown> }[] = await server.ds.query(
      `SELECT type, severity, details FROM security_events WHERE details->>'blockedUri' = 'https://evil.example/x.js'`,
    );
    expect(rows).toEqual([
      { type: "csp_violation", severity: "medium", details: expect.objectContaining({ violatedDirective: "script-src", lineNumber: 3 }) },
    ]);
  });

  it("accepts the Reporting API format too", async () => {
    const body = [
      {
        type: "csp-violation",
        body: { documentURL: "https://roots.example/", effectiveDirective: "img-src", blockedURL: "https://tracker.example/p.gif" },
      },
    ];
    const res = await fetch(`${server.url}/csp-report`, {
      method: "POST",
      headers: { "content-type": "application/reports+json" },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(204);
    const rows: unknown[] = await server.ds.query(
      `SELECT 1 FROM security_events WHERE details->>'blockedUri' = 'https://tracker.example/p.gif'`,
    );
    expect(rows).toHaveLength(1);
  });

  it("refuses malformed reports and stores nothing", async () => {
    const before: { n: string }[] = await server.ds.query(`SELECT count(*) AS n FROM security_events`);
    for (const body of [
      "{not json",
      JSON.stringify({ hello: "world" }),
      JSON.stringify([{ type: "other" }]),
      JSON.stringify({ "csp-report": null }),
      JSON.stringify([{ type: "csp-violation", body: null }]),
    ]) {
      const res = await fetch(`${server.url}/csp-report`, { method: "POST", headers: { "content-type": "application/csp-report" }, body });
      expect(res.status).toBe(400);
    }
    const after: { n: string }[] = await server.ds.query(`SELECT count(*) AS n FROM security_events`);
    expect(after[0].n).toBe(before[0].n);
  });

  const postFrom = (address: string, blocked: string, count = 1) =>
    fetch(`${server.url}/csp-report`, {
      method: "POST",
      headers: { "content-type": "application/reports+json", "x-forwarded-for": address },
      body: JSON.stringify(
        Array.from({ length: count }, () => ({
          type: "csp-violation",
          body: { documentURL: "https://roots.example/", effectiveDirective: "script-src", blockedURL: blocked },
        })),
      ),
    });
  const stored = async (blocked: string) =>
    Number((await server.ds.query(`SELECT count(*) AS n FROM security_events WHERE details->>'blockedUri' = $1`, [blocked]))[0].n);

  it("stores at most 20 reports an hour from one address, then answers 429 with when to retry", async () => {
    const answers: number[] = [];
    for (let i = 0; i < 25; i++) answers.push((await postFrom("198.51.100.7", "https://flood.example/a.js")).status);
    expect(answers).toEqual([...Array(20).fill(204), ...Array(5).fill(429)]);
    const refused = await postFrom("198.51.100.7", "https://flood.example/a.js");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(await stored("https://flood.example/a.js")).toBe(20);
    // A batch counts every report in it, and one that would go past the limit stores nothing.
    expect((await postFrom("198.51.100.8", "https://flood.example/b.js", 15)).status).toBe(204);
    expect((await postFrom("198.51.100.8", "https://flood.example/b.js", 6)).status).toBe(429);
    expect(await stored("https://flood.example/b.js")).toBe(15);
  });

  it("counts an IPv6 client by its /64 and an IPv4-mapped address as the IPv4 one", async () => {
    for (let i = 0; i < 20; i++) expect((await postFrom(`2001:db8:7:7::${i + 1}`, "https://v6.example/")).status).toBe(204);
    expect((await postFrom("2001:db8:7:7:ffff:ffff:ffff:ffff", "https://v6.example/")).status).toBe(429);
    expect((await postFrom("2001:db8:7:8::1", "https://v6.example/")).status).toBe(204);
    for (let i = 0; i < 20; i++) await postFrom("203.0.113.9", "https://v4.example/");
    expect((await postFrom("::ffff:203.0.113.9", "https://v4.example/")).status).toBe(429);
  });

  it("no flood of reports evicts a high-severity event", async () => {
    await server.ds.query(
      `INSERT INTO security_events (id, type, severity, details) VALUES (gen_random_uuid(), 'probe', 'high', '{"kept": true}'::jsonb)`,
    );
    for (let a = 0; a < 8; a++) expect((await postFrom(`192.0.2.${a + 1}`, "https://many.example/", 20)).status).toBe(204);
    expect(await server.ds.query(`SELECT 1 FROM security_events WHERE severity = 'high' AND details->>'kept' = 'true'`)).toHaveLength(1);
  });

  it(`keeps only the newest ${SECURITY_EVENTS_CAP} events per severity`, async () => {
    await server.ds.query(
      `INSERT INTO security_events (id, type, severity, details, created_at)
       SELECT gen_random_uuid(), 'csp_violation', 'medium', '{}'::jsonb, now() - interval '1 day' FROM generate_series(1, 120)`,
    );
    const res = await fetch(`${server.url}/csp-report`, {
      method: "POST",
      headers: { "content-type": "application/csp-report" },
      body: JSON.stringify(report("https://newest.example/")),
    });
    expect(res.status).toBe(204);
    const [{ n }]: { n: string }[] = await server.ds.query(`SELECT count(*) AS n FROM security_events WHERE severity = 'medium'`);
    expect(Number(n)).toBe(SECURITY_EVENTS_CAP);
    const newest: unknown[] = await server.ds.query(
      `SELECT 1 FROM security_events WHERE details->>'blockedUri' = 'https://newest.example/'`,
    );
    expect(newest).toHaveLength(1);
  });
});
