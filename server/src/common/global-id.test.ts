import { describe, expect, it } from "@jest/globals";
import { fromGlobalId, toGlobalId } from "./global-id.js";

describe("global ids", () => {
  it("round-trip type and raw id, including ids with colons", () => {
    for (const [type, id] of [
      ["Rootspace", "lb"],
      ["Person", "0190a5e2-7c3e-7000-8000-000000000001"],
      ["Event", "a:b"],
    ]) {
      expect(fromGlobalId(toGlobalId(type, id))).toEqual({ type, id });
    }
  });

  it("are opaque and URL-safe", () => {
    const id = toGlobalId("Rootspace", "lb");
    expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(id).not.toContain("lb");
  });

  it("reject anything malformed", () => {
    for (const bad of [
      "",
      "%%%",
      "abc",
      Buffer.from("nocolon").toString("base64url"),
      Buffer.from(":x").toString("base64url"),
      Buffer.from("lower:x").toString("base64url"),
      "x".repeat(300),
    ]) {
      expect(fromGlobalId(bad)).toBeNull();
    }
  });
});
