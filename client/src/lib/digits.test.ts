import { describe, expect, it } from "vitest";
import { readNumber, toArabicIndicDigits, toAsciiDigits } from "./digits";

describe("digits as people type them", () => {
  it("reads Arabic-Indic and Eastern Arabic-Indic digits as ASCII, and leaves the rest of the text", () => {
    expect(toAsciiDigits("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
    expect(toAsciiDigits("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
    expect(toAsciiDigits("حوالي ١٨٩٠")).toBe("حوالي 1890");
    expect(toAsciiDigits("١٢٫٥")).toBe("12.5");
    expect(toAsciiDigits("١٬٢٣٤")).toBe("1234");
    expect(toAsciiDigits("Zahle 1948")).toBe("Zahle 1948");
  });

  it("reads a number in any digits as Number reads ASCII: NaN for what is no number", () => {
    expect(readNumber("١٩٤٨")).toBe(1948);
    expect(readNumber("۱۹۴۸")).toBe(1948);
    expect(readNumber(" 1948 ")).toBe(1948);
    expect(readNumber("١٩48")).toBe(1948);
    expect(readNumber("twelve")).toBeNaN();
    expect(readNumber("")).toBe(0);
  });

  it("writes ASCII digits as Arabic-Indic ones", () => {
    expect(toArabicIndicDigits("12/03/1890")).toBe("١٢/٠٣/١٨٩٠");
  });
});
