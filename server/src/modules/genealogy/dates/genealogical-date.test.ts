import { describe, expect, it } from "@jest/globals";
import { parseGenealogicalDate } from "./genealogical-date.js";

describe("genealogical dates", () => {
  it("reads exact dates at year, month and day precision (GEDCOM and ISO)", () => {
    expect(parseGenealogicalDate("1890")).toMatchObject({ qualifier: "exact", from: "1890-01-01", to: "1890-12-31" });
    expect(parseGenealogicalDate("MAR 1890")).toMatchObject({ from: "1890-03-01", to: "1890-03-31" });
    expect(parseGenealogicalDate("12 Mar 1890")).toMatchObject({ from: "1890-03-12", to: "1890-03-12" });
    expect(parseGenealogicalDate("1900-02")).toMatchObject({ from: "1900-02-01", to: "1900-02-28" });
    expect(parseGenealogicalDate("1904-02-29")).toMatchObject({ from: "1904-02-29" });
  });

  it("reads about, before, after and between, keeping the original text", () => {
    expect(parseGenealogicalDate("ABT 1890")).toEqual({ text: "ABT 1890", qualifier: "about", from: "1885-01-01", to: "1895-12-31" });
    expect(parseGenealogicalDate("bef 1900")).toMatchObject({ qualifier: "before", to: "1900-01-01" });
    expect(parseGenealogicalDate("AFT 1850")).toMatchObject({ qualifier: "after", from: "1850-12-31" });
    expect(parseGenealogicalDate("BET 1880 AND 1885")).toMatchObject({ qualifier: "between", from: "1880-01-01", to: "1885-12-31" });
  });

  it("shifts leap days safely and stays inside the calendar", () => {
    expect(parseGenealogicalDate("ABT 29 FEB 2000")).toMatchObject({ from: "1995-02-28", to: "2005-02-28" });
    expect(parseGenealogicalDate("BEF 29 FEB 2000")).toMatchObject({ from: "1900-02-28" });
    expect(parseGenealogicalDate("AFT 9950")).toMatchObject({ to: "9999-12-31" });
    expect(parseGenealogicalDate("BEF 0150")).toMatchObject({ from: "0050-01-01" });
  });

  it("reads periods, three-digit years, dual years, the Julian calendar and interpreted dates", () => {
    expect(parseGenealogicalDate("FROM 1880 TO 1885")).toMatchObject({ qualifier: "between", from: "1880-01-01", to: "1885-12-31" });
    expect(parseGenealogicalDate("FROM 1880")).toMatchObject({ qualifier: "after", from: "1880-01-01" });
    expect(parseGenealogicalDate("TO 1885")).toMatchObject({ qualifier: "before", to: "1885-12-31" });
    expect(parseGenealogicalDate("ABT 870")).toMatchObject({ qualifier: "about", from: "0865-01-01", to: "0875-12-31" });
    expect(parseGenealogicalDate("12 FEB 1741/42")).toEqual({
      text: "12 FEB 1741/42",
      qualifier: "exact",
      from: "1742-02-12",
      to: "1742-02-12",
    });
    expect(parseGenealogicalDate("1699/00")).toMatchObject({ from: "1699-01-01", to: "1700-12-31" });
    expect(parseGenealogicalDate("JULIAN 5 OCT 1582")).toMatchObject({ from: "1582-10-15", to: "1582-10-15" });
    expect(parseGenealogicalDate("@#DJULIAN@ 1 MAR 1900")).toMatchObject({ from: "1900-03-14" });
    expect(parseGenealogicalDate("INT 1890 (as the census says)")).toMatchObject({
      text: "INT 1890 (as the census says)",
      qualifier: "exact",
      from: "1890-01-01",
    });
  });

  it("refuses what is not a date", () => {
    for (const bad of [
      "",
      "yesterday",
      "31 FEB 1900",
      "1900-13",
      "BET 1890 AND 1880",
      "12 FOO 1890",
      "1900-02-29",
      "0003",
      "ABT 0050",
      "1741/43",
      "FRENCH_R 1 VEND 2",
      "Y",
    ]) {
      expect(parseGenealogicalDate(bad)).toBeNull();
    }
  });
});
