// The plain API request (POST /graphql, JSON of known length) is answered without Express's
// middleware chain (server/src/app/graphql-http.ts). These tests send each request both ways —
// to /graphql, and to /graphql?via=express, which Express answers as before — and expect the
// same answer: status, body, security headers, compression, refusals.
import { request } from "node:http";
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { startTestServer, type TestServer } from "../support/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "1", PUBLIC_URL: "https://roots.example" });
});
afterAll(() => server.stop());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function post(path: string, body: string | Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

const SAME_HEADERS = [
  "content-type",
  "content-encoding",
  "vary",
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "reporting-endpoints",
  "strict-transport-security",
  "x-frame-options",
  "x-powered-by",
];

/** The request sent both ways; the two answers must agree. Answers the direct one. */
async function bothWays(body: string | Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  const direct = await post("/graphql", body, headers);
  const viaExpress = await post("/graphql?via=express", body, headers);
  expect(direct.status).toBe(viaExpress.status);
  for (const name of SAME_HEADERS) expect([name, direct.headers[name]]).toEqual([name, viaExpress.headers[name]]);
  const plain = (a: Answer) =>
    a.headers["content-encoding"] === "gzip"
      ? gunzipSync(a.body)
      : a.headers["content-encoding"] === "br"
        ? brotliDecompressSync(a.body)
        : a.body;
  expect(plain(direct).toString()).toBe(plain(viaExpress).toString());
  return direct;
}

const query = (q: string, variables?: Record<string, unknown>) => JSON.stringify({ query: q, variables });

describe("the API request answered directly, as Express answers it", () => {
  it("a small answer: security headers, no compression", async () => {
    const a = await bothWays(query(`{ rootspace(slug: "lebanon") { slug } }`), { "accept-encoding": "gzip" });
    expect(a.status).toBe(200);
    expect(a.headers["content-encoding"]).toBeUndefined();
    expect(a.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(a.headers["x-content-type-options"]).toBe("nosniff");
    expect(JSON.parse(a.body.toString())).toEqual({ data: { rootspace: { slug: "lebanon" } } });
  });

  it("a large answer goes compressed to a client that accepts it, plain to one that does not", async () => {
    const schema = query(`{ __schema { types { name description fields { name description } } } }`);
    expect((await bothWays(schema, { "accept-encoding": "gzip" })).headers["content-encoding"]).toBe("gzip");
    expect((await bothWays(schema)).headers["content-encoding"]).toBeUndefined();
    const br = await post("/graphql", schema, { "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(br.body).toString()).data.__schema.types.length).toBeGreaterThan(10);
  });

  it("errors in the reader's language", async () => {
    const a = await bothWays(query(`{ rootspace(slug: 5) { slug } }`), { "x-roots-language": "fr" });
    expect(a.status).toBe(400);
  });

  it("a body that is not JSON, or JSON that is not an object, is a 400 bad_request", async () => {
    for (const body of ["{oops", '"just a string"', "42", "   "]) {
      const a = await bothWays(body);
      expect([body, a.status, JSON.parse(a.body.toString())]).toEqual([body, 400, { error: "bad_request" }]);
    }
  });

  it("a body over 1 MB is a 413", async () => {
    const a = await bothWays(query("{ __typename }", { pad: "x".repeat(1024 * 1024) }));
    expect(a.status).toBe(413);
    expect(JSON.parse(a.body.toString())).toEqual({ error: "payload_too_large" });
  });

  it("a byte-order mark before the JSON is read as Express reads it", async () => {
    const a = await bothWays(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(query("{ __typename }"))]));
    expect(a.status).toBe(200);
  });

  it("HSTS over TLS, and plain HTTP behind the proxy sent to HTTPS", async () => {
    const tls = await bothWays(query("{ __typename }"), { "x-forwarded-proto": "https", host: "roots.example" });
    expect(tls.headers["strict-transport-security"]).toContain("max-age=");
    const plain = await post("/graphql", query("{ __typename }"), { "x-forwarded-proto": "http", host: "roots.example" });
    expect([plain.status, plain.headers.location]).toEqual([308, "https://roots.example/graphql"]);
  });

  it("keeps serving after a client leaves in the middle of its body", async () => {
    await new Promise<void>((resolve) => {
      const req = request(`${server.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": "500" },
      });
      req.on("error", () => resolve());
      req.write('{"query": "{ __typ');
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 50);
    });
    const a = await post("/graphql", query("{ __typename }"));
    expect([a.status, JSON.parse(a.body.toString())]).toEqual([200, { data: { __typename: "Query" } }]);
  });
});
