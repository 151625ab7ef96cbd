import { describe, expect, it, vi } from "vitest";
import { secureStorage } from "./secureStorage";

describe("encrypted storage", () => {
  it("stores JSON under secure_ encrypted with AES-GCM and reads it back", async () => {
    expect(await secureStorage.set("profile", { name: "Maya Saab", village: "Zahle" })).toBe(true);
    const raw = localStorage.getItem("roots:secure_profile")!;
    expect(raw).not.toContain("Maya");
    expect(await secureStorage.get("profile")).toEqual({ name: "Maya Saab", village: "Zahle" });
  });

  it("uses a fresh random 12-byte IV for every write", async () => {
    await secureStorage.set("a", 1);
    const first = JSON.parse(localStorage.getItem("roots:secure_a")!).data.iv;
    await secureStorage.set("a", 1);
    const second = JSON.parse(localStorage.getItem("roots:secure_a")!).data.iv;
    expect(atob(first)).toHaveLength(12);
    expect(first).not.toBe(second);
  });

  it("logs and returns null when the ciphertext was tampered with", async () => {
    await secureStorage.set("t", { ok: true });
    const entry = JSON.parse(localStorage.getItem("roots:secure_t")!);
    const bytes = Uint8Array.from(atob(entry.data.data), (c) => c.charCodeAt(0));
    bytes[0] ^= 0xff;
    entry.data.data = btoa(String.fromCharCode(...bytes));
    localStorage.setItem("roots:secure_t", JSON.stringify(entry));
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await secureStorage.get("t")).toBeNull();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it("logs and returns false when the value cannot be serialised", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(await secureStorage.set("c", cyclic)).toBe(false);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
