import { useTranslation } from "react-i18next";
import { changeLanguage } from "../i18n";
import { isLanguage, LANGUAGES } from "../i18n/languages";

/** Each language is named in its own script, so anyone can find theirs. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <label className="lang-switcher">
      <span className="visually-hidden">{t("lang.label")}</span>
      <select
        value={i18n.language}
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
