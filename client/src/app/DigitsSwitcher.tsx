import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { changeDigits } from "../i18n";
import { DIGIT_STYLES, digitStyle, isDigitStyle, onDigitStyleChange } from "../i18n/digits";
import { useHydrated } from "../ui/useHydrated";

/**
 * The digits of Arabic pages (0123 or ٠١٢٣), for every reader, beside the footer's links on an
 * Arabic page: kept in this browser, as the header's language is. (A member also finds it in their
 * settings, which keep it in their profile.)
 */
export function DigitsSwitcher() {
  const { t, i18n } = useTranslation();
  const live = useHydrated();
  const style = useSyncExternalStore(onDigitStyleChange, digitStyle, () => "latn" as const);
  if (i18n.language !== "ar") return null;
  return (
    <label className="digits-switcher">
      <span>{t("digits.label")}</span>{" "}
      <select
        value={style}
        disabled={!live}
        onChange={(e) => {
          if (isDigitStyle(e.target.value)) changeDigits(e.target.value);
        }}
      >
        {DIGIT_STYLES.map((s) => (
          <option key={s} value={s}>
            {t(`digits.${s}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
