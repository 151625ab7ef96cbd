import { describe, expect, it } from "vitest";
import { dateTimeFormat, listFormat, numberFormat } from "./intl";
import { formatNumber } from "./format";

describe("kept Intl formatters", () => {
  it("gives the same formatter for the same locale and options, and a new one when either differs", () => {
    expect(numberFormat("ar-LB", { style: "percent" })).toBe(numberFormat("ar-LB", { style: "percent" }));
    expect(numberFormat("ar-LB", { style: "percent" })).not.toBe(numberFormat("en-GB", { style: "percent" }));
    expect(numberFormat("en-GB")).not.toBe(numberFormat("en-GB", { maximumFractionDigits: 0 }));
    expect(dateTimeFormat("fr-FR", { month: "long" })).toBe(dateTimeFormat("fr-FR", { month: "long" }));
    expect(listFormat("en", { type: "unit" })).not.toBe(listFormat("en", { type: "disjunction" }));
  });

  it("formats as a fresh formatter would", () => {
    expect(formatNumber(1234.5, "en")).toBe(new Intl.NumberFormat("en-GB").format(1234.5));
    expect(dateTimeFormat("en-GB", { timeZone: "UTC", year: "numeric" }).format(new Date(Date.UTC(1890, 2, 1)))).toBe("1890");
  });
});
