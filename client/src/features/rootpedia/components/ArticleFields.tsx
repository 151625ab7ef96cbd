import { useId } from "react";
import { Trans, useTranslation } from "react-i18next";
import { LANGUAGES } from "../../../i18n/languages";
import { SelectField } from "../../../ui/SelectField";
import { directionOf } from "./ArticleBody";

/** An article's Markdown text, written in the article's language and direction, with the Markdown help under it. */
export function ArticleTextField({
  value,
  onChange,
  language,
  rows = 18,
}: {
  value: string;
  onChange: (content: string) => void;
  language: string;
  rows?: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={`${id}-text`}>{t("rootpedia.text")}</label>
      <textarea
        id={`${id}-text`}
        className="rootpedia-edit__text"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        dir={directionOf(language)}
        lang={language}
        rows={rows}
        aria-describedby={`${id}-help`}
      />
      <p className="muted markdown-help" id={`${id}-help`}>
        {/* Each sample is code, read left to right in any language, as typed. */}
        <Trans i18nKey="rootpedia.markdown_help" components={{ c: <code dir="ltr" /> }} />
      </p>
    </div>
  );
}

/** The language a new article is written in: one of the site's languages. */
export function ArticleLanguageField({ value, onChange }: { value: string; onChange: (language: string) => void }) {
  const { t } = useTranslation();
  return (
    <SelectField label={t("rootpedia.language")} value={value} onChange={(e) => onChange(e.target.value)}>
      {LANGUAGES.map(({ code }) => (
        <option key={code} value={code}>
          {t(`lang.${code}`)}
        </option>
      ))}
    </SelectField>
  );
}
