import { useTranslation } from "react-i18next";
import { currentLanguage } from "../i18n";
import { listFormat } from "../lib/intl";

/** Examples of dates as people say them, in the reader's language; each one reads as a date (DateInput.test). */
export const DATE_EXAMPLES = [
  "date.example_year",
  "date.example_about",
  "date.example_day",
  "date.example_between",
  "date.example_hijri",
] as const;

/**
 * "Write it as you would say it, e.g. 1890, about 1890, 12 March 1890, between 1880 and 1885 or
 * 1310 AH", each example isolated (<bdi>) and kept on one line, so that a sentence in one
 * direction does not scramble an example in another. The "or" is the browser's list formatting.
 */
export function DateHint() {
  const { t } = useTranslation();
  const parts = listFormat(currentLanguage(), { type: "disjunction" }).formatToParts(DATE_EXAMPLES.map((k) => t(k)));
  return (
    <>
      {t("date.hint_intro")}{" "}
      {parts.map((p, i) =>
        p.type === "element" ? (
          <bdi key={i} className="nowrap">
            {p.value}
          </bdi>
        ) : (
          <span key={i}>{p.value}</span>
        ),
      )}
    </>
  );
}
