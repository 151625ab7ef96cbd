import { describe, expect, it } from "@jest/globals";
import { isPlainApiRequest } from "./graphql-http.js";

const plain = { method: "POST", url: "/graphql", headers: { "content-type": "application/json", "content-length": "40" } };

describe("which API requests skip Express's chain", () => {
  it("takes a POST of JSON of known length to /graphql", () => {
    expect(isPlainApiRequest(plain)).toBe(true);
    expect(isPlainApiRequest({ ...plain, headers: { ...plain.headers, "content-type": "Application/JSON; charset=UTF-8" } })).toBe(true);
  });

  it("leaves every other request to Express", () => {
    const others = [
      { ...plain, method: "GET" },
      { ...plain, url: "/graphql?x=1" },
      { ...plain, url: "/graphql/" },
      { ...plain, headers: { ...plain.headers, "content-type": "text/plain" } },
      { ...plain, headers: { ...plain.headers, "content-type": "application/json; charset=utf-16" } },
      { ...plain, headers: { ...plain.headers, "content-encoding": "gzip" } },
      { ...plain, headers: { "content-type": "application/json" } }, // chunked: no length
      { ...plain, headers: { ...plain.headers, "content-length": "0" } },
    ];
    for (const req of others) expect([req, isPlainApiRequest(req)]).toEqual([req, false]);
  });
});
