import { useTranslation } from "react-i18next";
import { currentLanguage } from "../i18n";

/** The date forms the server reads (common/dates): exact, about, a month, a range. */
const EXAMPLES = ["1890", "ABT 1890", "12 MAR 1890", "BET 1880 AND 1885"];

/**
 * "As records give it: 1890, ABT 1890, 12 MAR 1890 or BET 1880 AND 1885", with each example
 * kept left to right and on one line, so the Arabic sentence does not scramble them when it wraps.
 * The "or" comes from the browser's list formatting in the reader's language.
 */
export function DateHint() {
  const { t } = useTranslation();
  const parts = new Intl.ListFormat(currentLanguage(), { type: "disjunction" }).formatToParts(EXAMPLES);
  return (
    <>
      {t("people.date_hint_intro")}{" "}
      {parts.map((p, i) =>
        p.type === "element" ? (
          <bdi key={i} dir="ltr" className="nowrap">
            {p.value}
          </bdi>
        ) : (
          <span key={i}>{p.value}</span>
        ),
      )}
    </>
  );
}
