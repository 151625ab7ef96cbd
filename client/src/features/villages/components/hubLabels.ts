import type { AssetType, EventType } from "../../../gql/graphql";
import { lower } from "../../../i18n/typed";
import type { LanguageCode } from "../../../i18n/languages";

/** The schema's EventType and AssetType values, in the order the forms offer them. */
export const EVENT_TYPES: readonly EventType[] = [
  "FESTIVAL",
  "COMMEMORATION",
  "OTHER",
  "BIRTH",
  "BAPTISM",
  "ENGAGEMENT",
  "MARRIAGE",
  "EMIGRATION",
  "IMMIGRATION",
  "DEATH",
  "BURIAL",
];
export const ASSET_TYPES: readonly AssetType[] = [
  "CHURCH",
  "MOSQUE",
  "SCHOOL",
  "MONASTERY",
  "SHRINE",
  "SPRING",
  "SQUARE",
  "HOUSE",
  "CEMETERY",
  "OTHER",
];

/** The translation key of an event's or a landmark's kind (`hub.event_type.festival`). */
export const eventTypeKey = (type: EventType) => `hub.event_type.${lower(type)}` as const;
export const assetTypeKey = (type: AssetType) => `hub.asset_type.${lower(type)}` as const;

/** Where Lebanese emigrants most often went (ISO 3166-1 alpha-2); names come from the browser's ICU. */
export const COUNTRIES = [
  "BR",
  "US",
  "AR",
  "AU",
  "CA",
  "FR",
  "MX",
  "VE",
  "CO",
  "UY",
  "CL",
  "DE",
  "GB",
  "SE",
  "BE",
  "CH",
  "IT",
  "CY",
  "AE",
  "SA",
  "KW",
  "QA",
  "CI",
  "SN",
  "NG",
  "GH",
  "ZA",
  "NZ",
  "EG",
  "SY",
];

const names = new Map<string, Intl.DisplayNames>();
/** The country's name in the reader's language (the code itself if unknown). */
export function countryName(code: string, lang: LanguageCode): string {
  let dn = names.get(lang);
  if (!dn) names.set(lang, (dn = new Intl.DisplayNames([lang], { type: "region" })));
  return dn.of(code) ?? code;
}
