import { useId, type KeyboardEvent, type ReactNode, type Ref } from "react";
import { Trans, useTranslation } from "react-i18next";
import { LANGUAGES } from "../../../i18n/languages";
import { SelectField } from "../../../ui/SelectField";
import { directionOf } from "./ArticleBody";

/**
 * An article's Markdown text, written in the article's language and direction, with the Markdown
 * help under it; the editor puts its toolbar between the label and the field.
 */
export function ArticleTextField({
  value,
  onChange,
  language,
  rows = 18,
  toolbar,
  textareaRef,
  textareaId,
  onKeyDown,
}: {
  value: string;
  onChange: (content: string) => void;
  language: string;
  rows?: number;
  toolbar?: ReactNode;
  textareaRef?: Ref<HTMLTextAreaElement>;
  textareaId?: string;
  onKeyDown?: (e: KeyboardEvent<HTMLTextAreaElement>) => void;
}) {
  const { t } = useTranslation();
  const own = useId();
  const id = textareaId ?? `${own}-text`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{t("rootpedia.text")}</label>
      {toolbar}
      <textarea
        id={id}
        ref={textareaRef}
        className="rootpedia-edit__text"
        value={value}
        onKeyDown={onKeyDown}
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
