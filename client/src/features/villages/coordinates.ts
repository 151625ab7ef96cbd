import type { TFunction } from "i18next";
import type { LanguageCode } from "../../i18n/languages";
import { formatNumber } from "../../lib/format";

/** Degrees with two decimals in the reader's language: "33.84° N, 35.92° E", "33,84° N, 35,92° E", "33.84° شمالًا، 35.92° شرقًا". */
export function formatCoordinates(lat: number, lng: number, lang: LanguageCode, t: TFunction): string {
  // Left-to-right isolated, so that the degree sign stays after its number in an Arabic line.
  const deg = (x: number) => `\u2066${formatNumber(Math.abs(x), lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}°\u2069`;
  return t("villages.coordinates_value", {
    lat: deg(lat),
    // Not `lng` or `ns`: i18next reads those as the language and the namespace.
    latSide: t(lat >= 0 ? "villages.north" : "villages.south"),
    lon: deg(lng),
    lonSide: t(lng >= 0 ? "villages.east" : "villages.west"),
  });
}
