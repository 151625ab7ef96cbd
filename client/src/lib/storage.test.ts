import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_ENTRY_BYTES, storage, STORAGE_VERSION } from "./storage";

afterEach(() => vi.useRealTimers());

describe("local storage wrapper (spec §5)", () => {
  it("stores under the product prefix in a versioned envelope", () => {
    expect(storage.set("language", "ar")).toBe(true);
    const raw = JSON.parse(localStorage.getItem("roots:language")!);
    expect(raw).toMatchObject({ data: "ar", version: STORAGE_VERSION });
    expect(STORAGE_VERSION).toBe("1.0.0");
    expect(typeof raw.timestamp).toBe("number");
    expect(storage.get("language")).toBe("ar");
  });

  it("allows only letters, digits, underscore, colon, dot and hyphen in keys", () => {
    expect(storage.set("a_b:c.d-1", 1)).toBe(true);
    for (const bad of ["has space", "slash/key", "ünï", "", "<x>"]) {
      expect(storage.set(bad, 1)).toBe(false);
      expect(storage.get(bad)).toBeNull();
    }
  });

  it("refuses data over 1 MB", () => {
    expect(MAX_ENTRY_BYTES).toBe(1_048_576);
    expect(storage.set("big", "x".repeat(MAX_ENTRY_BYTES))).toBe(false);
    expect(localStorage.getItem("roots:big")).toBeNull();
    expect(storage.set("fits", "x".repeat(1000))).toBe(true);
  });

  it("refuses script-like content", () => {
    for (const v of ["<script>alert(1)</script>", "javascript:void(0)", '<img onerror="x">', "data:text/html,hi", "eval(x)"]) {
      expect(storage.set("note", { v })).toBe(false);
    }
  });

  it("removes expired entries on read", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-22T10:00:00Z"));
    storage.set("short", "v", { ttlMs: 60_000 });
    vi.setSystemTime(new Date("2026-11-22T10:00:59Z"));
    expect(storage.get("short")).toBe("v");
    vi.setSystemTime(new Date("2026-11-22T10:01:01Z"));
    expect(storage.get("short")).toBeNull();
    expect(localStorage.getItem("roots:short")).toBeNull();
  });

  it("removes entries with an invalid structure or another version", () => {
    localStorage.setItem("roots:broken", "{not json");
    localStorage.setItem("roots:old", JSON.stringify({ data: 1, timestamp: 1, version: "0.9.0" }));
    localStorage.setItem("roots:bare", JSON.stringify("just a string"));
    for (const k of ["broken", "old", "bare"]) {
      expect(storage.get(k)).toBeNull();
      expect(localStorage.getItem(`roots:${k}`)).toBeNull();
    }
  });
});
