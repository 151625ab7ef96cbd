import { describe, expect, it } from "@jest/globals";
import { convertDate } from "../../server/src/modules/ingestion/gedcom/convert-values.js";

describe("5.5.x dates in 7.0 (convertDate)", () => {
  it("keeps the dates 7.0 writes the same way as they are", () => {
    for (const date of [
      "1726",
      "MAR 1726",
      "14 MAR 1726",
      "ABT 1726",
      "BEF 2 JAN 1800",
      "AFT DEC 1650",
      "CAL 1726",
      "EST 1726",
      "FROM 1726",
      "TO 3 MAY 1726",
      "0900",
    ]) {
      expect(convertDate(date)).toEqual({ value: date });
    }
  });

  it("rewrites the others: case, spacing, calendars, dual years, ranges and phrases", () => {
    expect(convertDate("abt 14 mar 1726")).toEqual({ value: "ABT 14 MAR 1726" });
    expect(convertDate(" 14  MAR 1726 ")).toEqual({ value: "14 MAR 1726" });
    expect(convertDate("@#DJULIAN@ 14 MAR 1726")).toEqual({ value: "JULIAN 14 MAR 1726" });
    expect(convertDate("BET 1700 AND 1710")).toEqual({ value: "BET 1700 AND 1710" });
    expect(convertDate("FROM 1700 TO 1710")).toEqual({ value: "FROM 1700 TO 1710" });
    expect(convertDate("1699/00")).toEqual({ value: "BET 1699 AND 1700", phrase: "1699/00" });
    expect(convertDate("INT 1726 (about then)")).toEqual({ value: "1726", phrase: "about then" });
    expect(convertDate("14 MARCH 1726")).toEqual({ value: "", phrase: "14 MARCH 1726" });
    expect(convertDate("123 MAR 1726")).toEqual({ value: "", phrase: "123 MAR 1726" });
  });
});
