import { describe, expect, it } from "vitest";
import { personSortName, sortByName } from "./collate";

const people = [
  { displayName: "Amina", fullName: "Amina Haddad", fullNameAr: "آمنة الحداد" },
  { displayName: "Elias", fullName: "Elias Haddad", fullNameAr: "إلياس الحداد" },
  { displayName: "Ibrahim", fullName: "Ibrahim Haddad", fullNameAr: "ابراهيم الحداد" },
  { displayName: "Émile", fullName: "Émile Haddad", fullNameAr: null },
  { displayName: "Zoé", fullName: "Zoé Haddad", fullNameAr: "زوي الحداد" },
  { displayName: "Private", fullName: null, fullNameAr: null },
];

describe("sortByName with the reader's collator", () => {
  it("sorts Arabic readers' lists on the Arabic names in Arabic collation (إ beside ا, not after it by code point; not by the Latin names)", () => {
    expect(sortByName(people, "ar", (p) => personSortName(p, "ar")).map((p) => personSortName(p, "ar"))).toEqual([
      "آمنة الحداد",
      "ابراهيم الحداد",
      "إلياس الحداد",
      "زوي الحداد",
      "Émile",
      "Private",
    ]);
  });

  it("sorts English readers' lists on the Latin names, accents with their letter", () => {
    expect(sortByName(people, "en", (p) => personSortName(p, "en")).map((p) => p.displayName)).toEqual([
      "Amina",
      "Elias",
      "Émile",
      "Ibrahim",
      "Private",
      "Zoé",
    ]);
  });

  it("sorts French readers' lists with French collation (É beside E, not after Z)", () => {
    const fr = sortByName(["Zoé", "émile", "Élie", "Antoine", "Eric"], "fr", (s) => s);
    expect(fr).toEqual(["Antoine", "Élie", "émile", "Eric", "Zoé"]);
  });

  it("puts numbers in numeric order", () => {
    expect(sortByName(["Youssef 10", "Youssef 9"], "en", (s) => s)).toEqual(["Youssef 9", "Youssef 10"]);
  });
});
