import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CACHE_TYPE_POLICIES } from "./cachePolicies";

describe("the GraphQL cache's type policies", () => {
  it("merges every what-the-reader-may-do type of the schema, none forgotten when one is added", () => {
    const schema = readFileSync(`${__dirname}/../../../schema/schema.graphql`, "utf8");
    const idless = [...schema.matchAll(/^type (\w*ViewerCan) \{([^}]*)\}/gm)]
      .filter(([, , body]) => !/^\s*id:/m.test(body))
      .map(([, name]) => name);
    expect(idless.length).toBeGreaterThan(5);
    expect(Object.keys(CACHE_TYPE_POLICIES).sort()).toEqual(idless.sort());
    for (const type of idless) expect(CACHE_TYPE_POLICIES[type]).toEqual({ merge: true });
  });
});
