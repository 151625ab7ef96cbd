import { describe, expect, it } from "vitest";
import { TERMS, termEnd, termText } from "./terms";

describe("a role's duration", () => {
  it("ends at the end of the same day of the month, or the month's last day where it has none", () => {
    const end = termEnd(3, new Date(2026, 10, 27, 9, 30));
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([2027, 1, 27, 23, 59]);
    const short = termEnd(1, new Date(2027, 0, 31, 12));
    expect([short.getFullYear(), short.getMonth(), short.getDate()]).toEqual([2027, 1, 28]);
    const leap = termEnd(1, new Date(2028, 0, 31, 12));
    expect([leap.getMonth(), leap.getDate()]).toEqual([1, 29]);
    const years = termEnd(24, new Date(2026, 11, 31, 12));
    expect([years.getFullYear(), years.getMonth(), years.getDate()]).toEqual([2028, 11, 31]);
  });

  it("is named in the reader's language, with its plural rules", () => {
    expect(TERMS.filter((m) => m).map((m) => termText(m, "en"))).toEqual(["1 month", "3 months", "6 months", "1 year", "2 years"]);
    expect(termText(24, "fr")).toBe("2 ans");
    expect(termText(1, "ar")).toMatch(/شهر/);
    expect(termText(24, "ar")).toMatch(/سن/);
  });
});
