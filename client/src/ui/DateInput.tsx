import { useState, type InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../i18n";
import { parseGenealogicalDate } from "../lib/dates";
import { readingInWords } from "../lib/dateText";
import { DateHint } from "./DateHint";
import { TextInput } from "./TextInput";

/**
 * A genealogical date as people say it ("حوالي ١٨٩٠", "vers 1890", "12 MAR 1890", "1310 هـ").
 * While typing, the field says how it read the date, in the reader's words ("Understood as:
 * about 1890"; a Hijri date with its Gregorian days), with the parser the server saves with, so
 * what it shows is what will be stored. Empty, it shows examples; `hint={false}` leaves them out
 * when a neighbouring date input already shows them. The text takes its own direction.
 */
export function DateInput({
  hint = true,
  value,
  defaultValue,
  onChange,
  ...props
}: { label: string; errors?: string[]; hint?: boolean; value?: string; defaultValue?: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "value" | "defaultValue"
>) {
  const { t } = useTranslation();
  // Uncontrolled (defaultValue) too: the reading follows what is typed either way.
  const [typed, setTyped] = useState(defaultValue ?? "");
  const current = value ?? typed;
  const text = current.trim();
  const date = text ? parseGenealogicalDate(text) : null;
  const reading = text ? (
    <span className={date ? "form-field__reading" : "form-field__reading form-field__reading--unread"} aria-live="polite">
      {date ? t("date.reading", { date: readingInWords(date, currentLanguage(), t) }) : t("date.unreadable")}
    </span>
  ) : null;
  return (
    <TextInput
      className="form-field--date"
      dir="auto"
      inputMode="text"
      autoComplete="off"
      spellCheck={false}
      value={current}
      onChange={(e) => {
        setTyped(e.target.value);
        onChange?.(e);
      }}
      hint={reading ?? (hint ? <DateHint /> : undefined)}
      {...props}
    />
  );
}
