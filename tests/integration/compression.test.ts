import { afterAll, beforeAll, expect, it } from "@jest/globals";
import { request } from "node:http";
import { startTestServer, type TestServer } from "../support/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** One POST with the headers given, answering the status and the response's headers. */
function post(path: string, body: string, headers: Record<string, string>): Promise<{ status: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode!, encoding: res.headers["content-encoding"] }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

it("a large answer (the schema) goes gzipped to a client that accepts it, and plain to one that does not", async () => {
  const body = JSON.stringify({ query: `{ __schema { types { name description fields { name description } } } }` });
  const gzipped = await post("/graphql", body, { "accept-encoding": "gzip" });
  expect(gzipped).toEqual({ status: 200, encoding: "gzip" });
  const plain = await post("/graphql", body, {});
  expect(plain).toEqual({ status: 200, encoding: undefined });
});
