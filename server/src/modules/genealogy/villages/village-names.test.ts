import { describe, expect, it } from "@jest/globals";
import { otherNames } from "./village-names.js";

describe("a village's other names", () => {
  it("leave out respellings of its names, the country after a name, and repeats; keep real other names", () => {
    expect(
      otherNames({
        name: "Zahle",
        nameFr: "Zahlé",
        nameAr: "زحلة",
        alternateNames: ["زحله", "زحله، لبنان", "زحلہ", "Zahlé", "Zahleh", "ZAHLEH", "Zahle, Lebanon", "عروس البقاع", "Arous el Bekaa"],
      }),
    ).toEqual(["Zahleh", "عروس البقاع", "Arous el Bekaa"]);
    expect(otherNames({ name: "Ehden", nameFr: null, nameAr: null, alternateNames: ["إهدن", "اهدن", "..."] })).toEqual(["إهدن"]);
  });
});
