import { describe, expect, it } from "vitest";
import { sortVillages } from "./sort";

describe("sortVillages", () => {
  const villages = [
    { name: "Zahle", nameAr: "زحلة" },
    { name: "Ehden", nameAr: "إهدن" },
    { name: "Bcharre", nameAr: "بشري" },
    { name: "Haouch Hala", nameAr: null },
    { name: "Aabra", nameAr: "عبرا" },
  ];

  it("sorts Arabic readers' lists by the Arabic name in Arabic collation, Latin names where there is none", () => {
    expect(sortVillages(villages, "ar").map((v) => v.nameAr ?? v.name)).toEqual(["إهدن", "بشري", "زحلة", "عبرا", "Haouch Hala"]);
  });

  it("sorts other readers' lists by the Latin name", () => {
    expect(sortVillages(villages, "en").map((v) => v.name)).toEqual(["Aabra", "Bcharre", "Ehden", "Haouch Hala", "Zahle"]);
  });
});
