import type { LanguageCode } from "../../../i18n/languages";
import { localized } from "../../../lib/localized";

/** The village's name in the reader's language, with the other script alongside. */
export function VillageName({
  lang,
  name,
  nameAr,
  nameFr,
}: {
  lang: LanguageCode;
  name: string;
  nameAr: string | null;
  nameFr: string | null;
}) {
  const main = localized(lang, name, nameAr, nameFr);
  const other = lang === "ar" ? name : nameAr;
  return (
    <>
      <bdi>{main}</bdi>
      {other && other !== main && (
        <span className="muted" lang={lang === "ar" ? "en" : "ar"}>
          {" "}
          · <bdi>{other}</bdi>
        </span>
      )}
    </>
  );
}
