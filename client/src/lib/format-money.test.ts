import { describe, expect, it } from "vitest";
import { formatMoney, minorToDecimal, parseMoneyInput } from "./format";

describe("formatMoney", () => {
  it("formats the decimal string exactly, beyond what a float holds", () => {
    expect(minorToDecimal("5")).toBe("0.05");
    expect(minorToDecimal("-150")).toBe("-1.50");
    expect(minorToDecimal("900719925474099312")).toBe("9007199254740993.12");
    // 2^53 + 1 dollars: a Number would print …992.
    expect(formatMoney("900719925474099312", "USD", "en")).toBe("US$9,007,199,254,740,993.12");
  });

  it("writes Arabic amounts as Lebanese prices are written, French with its own separators", () => {
    const ar = formatMoney("123456", "USD", "ar");
    expect(ar).toContain("1.234,56");
    expect(ar).not.toMatch(/[\u0660-\u0669]/);
    expect(formatMoney("123456", "USD", "fr").replace(/\s/g, " ")).toBe("1 234,56 $US");
    expect(formatMoney("-2500", "USD", "en")).toBe("-US$25.00");
  });
});

describe("parseMoneyInput", () => {
  it("reads dollars typed in any digits as cents, and refuses what is not an amount", () => {
    expect(parseMoneyInput("50")).toBe("5000");
    expect(parseMoneyInput("50.5")).toBe("5050");
    expect(parseMoneyInput("١٢٫٥٠")).toBe("1250");
    expect(parseMoneyInput("1,250.00")).toBe("125000");
    expect(parseMoneyInput("0.01")).toBe("1");
    for (const bad of ["", "0", "0.00", "-5", "1.234", "1e3", "abc"]) expect(parseMoneyInput(bad)).toBeNull();
  });
});
