import { describe, expect, it } from "@jest/globals";
import { stagedId } from "./staging.js";

describe("stagedId", () => {
  it("gives valid, unique UUIDv7s whose time part is the current millisecond, in order across milliseconds", async () => {
    const before = Date.now();
    const first = Array.from({ length: 20_000 }, stagedId);
    await new Promise((r) => setTimeout(r, 5));
    const later = stagedId();
    const after = Date.now();
    for (const id of [...first, later]) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(first).size).toBe(first.length);
    const ms = (id: string) => parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    expect(ms(first[0])).toBeGreaterThanOrEqual(before);
    expect(ms(later)).toBeLessThanOrEqual(after);
    expect(first.every((id) => id < later)).toBe(true);
  });
});
