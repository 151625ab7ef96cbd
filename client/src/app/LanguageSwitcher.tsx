import { useTranslation } from "react-i18next";
import { changeLanguage } from "../i18n";
import { useHydrated } from "../ui/useHydrated";
import { isLanguage, LANGUAGES } from "../i18n/languages";

/** Each language is named in its own script, so anyone can find theirs. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  // On a page the server rendered, usable once the browser has taken it over (before, a choice would be lost).
  const live = useHydrated();
  return (
    <label className="lang-switcher">
      <span className="visually-hidden">{t("lang.label")}</span>
      <select
        value={i18n.language}
        disabled={!live}
        aria-label={t("lang.label")}
        onChange={(e) => {
          if (isLanguage(e.target.value)) void changeLanguage(e.target.value);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {t(`lang.${l.code}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
