import { describe, expect, it } from "vitest";
import { openFieldsOf } from "./usePortalData";

describe("openFieldsOf", () => {
  it("groups the root fields that name a scope, and leaves out the others and non-root types", () => {
    const sdl = `
      directive @scope(requires: String!) on FIELD_DEFINITION
      type Query {
        villages(first: Int): [String] @scope(requires: "public:read")
        person(id: ID!): String @scope(requires: "public:read")
        myRoots: [String] @scope(requires: "tree:read")
        wallet: String
      }
      type Mutation { subscribeWebhook: String @scope(requires: "any") }
      type Village { name: String @scope(requires: "public:read") }`;
    expect(openFieldsOf(sdl)).toEqual({ "public:read": ["person", "villages"], "tree:read": ["myRoots"], any: ["subscribeWebhook"] });
  });
});
