import { beforeAll, describe, expect, it } from "vitest";
import i18next from "i18next";
import { changeLanguage, initI18n } from "../../i18n";
import { parseTranslations } from "../../i18n/csv";
import csvText from "../../i18n/translations.csv?raw";
import { formatCoordinates } from "./coordinates";

const plain = (s: string) => s.replace(/[\u2066-\u2069]/g, "");

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});

describe("formatCoordinates", () => {
  it("writes degrees and hemispheres in the reader's language, so they never read like a count", async () => {
    await changeLanguage("en");
    expect(plain(formatCoordinates(33.84972, 35.90417, "en", i18next.t))).toBe("33.85° N, 35.90° E");
    await changeLanguage("fr");
    expect(plain(formatCoordinates(33.84972, 35.90417, "fr", i18next.t))).toBe("33,85° N, 35,90° E");
    expect(plain(formatCoordinates(-22.9, -43.2, "fr", i18next.t))).toBe("22,90° S, 43,20° O");
    await changeLanguage("ar");
    expect(plain(formatCoordinates(33.84972, 35.90417, "ar", i18next.t))).toMatch(/^33[.,٫]85° شمالًا، 35[.,٫]90° شرقًا$/);
  });

  it("keeps the degree sign after its number in an Arabic line (left-to-right isolate)", async () => {
    await changeLanguage("ar");
    expect(formatCoordinates(33.84972, 35.90417, "ar", i18next.t)).toContain("\u2066");
  });
});
