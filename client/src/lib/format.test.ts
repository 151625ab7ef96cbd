import { describe, expect, it } from "vitest";
import { formatDateTime } from "./format";

describe("formatDateTime", () => {
  it("keeps the time with its day period on one line (Arabic writes ص or م after it)", () => {
    const at = "2026-11-29T13:11:00Z";
    const ar = formatDateTime(at, "ar");
    expect(ar, ar).toMatch(/\d\u00a0[^\s\d]+$/u);
    // English and French write a 24-hour time: nothing to keep together.
    expect(formatDateTime(at, "en")).toMatch(/\d$/);
    expect(formatDateTime(at, "fr")).toMatch(/\d$/);
  });
});
