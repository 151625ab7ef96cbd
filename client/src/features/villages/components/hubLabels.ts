import type { LanguageCode } from "../../../i18n/languages";

/** Mirrors the server's lists (events/event.entity.ts, assets/asset.entity.ts). */
export const EVENT_TYPES = ["festival", "commemoration", "other", "birth", "baptism", "engagement", "marriage", "emigration", "immigration", "death", "burial"] as const;
export const ASSET_TYPES = ["church", "mosque", "school", "monastery", "shrine", "spring", "square", "house", "cemetery", "other"] as const;

/** Where Lebanese emigrants most often went (ISO 3166-1 alpha-2); names come from the browser's ICU. */
export const COUNTRIES = ["BR", "US", "AR", "AU", "CA", "FR", "MX", "VE", "CO", "UY", "CL", "DE", "GB", "SE", "BE", "CH", "IT", "CY", "AE", "SA", "KW", "QA", "CI", "SN", "NG", "GH", "ZA", "NZ", "EG", "SY"];

const names = new Map<string, Intl.DisplayNames>();
/** The country's name in the reader's language (the code itself if unknown). */
export function countryName(code: string, lang: LanguageCode): string {
  let dn = names.get(lang);
  if (!dn) names.set(lang, (dn = new Intl.DisplayNames([lang], { type: "region" })));
  return dn.of(code) ?? code;
}
