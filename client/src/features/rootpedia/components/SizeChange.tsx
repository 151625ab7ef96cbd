import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { formatNumber } from "../../../lib/format";

/**
 * What a revision did to the article's size, as Wikipedia's history shows it: "+123" in green,
 * "−45" in red (a true minus sign, written left to right in every language), and in words for a
 * screen reader.
 */
export function SizeChange({ value }: { value: number | null }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  if (value === null) return null;
  const shown = `${value > 0 ? "+" : value < 0 ? "\u2212" : ""}${formatNumber(Math.abs(value), lang)}`;
  const tone = value > 0 ? "added" : value < 0 ? "removed" : "none";
  return (
    <span className={`rootpedia-size rootpedia-size--${tone}`} data-testid="rootpedia-size-change">
      <bdi dir="ltr" aria-hidden="true">
        {shown}
      </bdi>
      <span className="visually-hidden">
        {value >= 0 ? t("rootpedia.size_added", { count: value }) : t("rootpedia.size_removed", { count: -value })}
      </span>
    </span>
  );
}
