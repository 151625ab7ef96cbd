import { describe, expect, it } from "@jest/globals";
import { visualRuns } from "./bidi-text.js";

/** Lines for pdfkit, which draws left to right as given: runs in visual order, Arabic ones left in logical order for the shaper. */
describe("visualRuns", () => {
  it("leaves a left-to-right line as it is", () => {
    expect(visualRuns("Code: AB12", "ltr")).toEqual([{ text: "Code: AB12", arabic: false }]);
  });

  it("places a Latin code left of the Arabic words that come before it, in a right-to-left line", () => {
    expect(visualRuns("رمز التحقق ABC234", "rtl")).toEqual([
      { text: "ABC234", arabic: false },
      { text: "رمز التحقق ", arabic: true },
    ]);
  });

  it("orders Arabic words around a number, mirrors brackets in right-to-left runs and drops bidi controls", () => {
    // Visual order, left to right: the last word with the opening bracket (mirrored from the
    // logical closing one), the number, then the first word; each Arabic run in logical order.
    expect(visualRuns("\u200fدفعة (2026) مستلمة", "rtl")).toEqual([
      { text: "( مستلمة", arabic: true },
      { text: "2026", arabic: false },
      { text: "دفعة )", arabic: true },
    ]);
  });
});
