import { describe, expect, it } from "vitest";
import { bidiParts } from "./bidi";

describe("bidiParts", () => {
  it("isolates each Latin run of an Arabic sentence and leaves brackets and Arabic punctuation in the sentence", () => {
    const text =
      "مأخوذة من Who's On First (whosonfirst.org؛ CC0، مع أجزاء من GeoNames بموجب CC BY) ومن GeoNames (geonames.org، CC BY 4.0).";
    const parts = bidiParts(text, "rtl");
    expect(parts.filter((p) => p.dir === "ltr").map((p) => p.text)).toEqual([
      "Who's On First",
      "whosonfirst.org",
      "CC0",
      "GeoNames",
      "CC BY",
      "GeoNames",
      "geonames.org",
      "CC BY 4.0",
    ]);
    expect(parts.every((p) => p.dir !== "ltr" || !/[()]/.test(p.text))).toBe(true);
    expect(parts.map((p) => p.text).join("")).toBe(text);
  });

  it("in English it isolates the Arabic runs instead", () => {
    const parts = bidiParts("Zahle (زحلة) is in the Bekaa.", "ltr");
    expect(parts).toEqual([{ text: "Zahle (" }, { text: "زحلة", dir: "rtl" }, { text: ") is in the Bekaa." }]);
  });
});
