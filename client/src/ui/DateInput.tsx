import type { InputHTMLAttributes } from "react";
import { DateHint } from "./DateHint";
import { TextInput } from "./TextInput";

/**
 * A genealogical date as records give it (1890, ABT 1890, 12 MAR 1890, BET 1880 AND 1885):
 * a text input kept left to right (the forms are Latin), with the hint that lists the forms,
 * each example isolated so an Arabic sentence does not scramble it. `hint={false}` hides the
 * hint when a neighbouring date input already shows it.
 */
export function DateInput({
  hint = true,
  ...props
}: { label: string; errors?: string[]; hint?: boolean } & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  return (
    <TextInput
      className="form-field--date"
      dir="ltr"
      inputMode="text"
      autoComplete="off"
      spellCheck={false}
      hint={hint ? <DateHint /> : undefined}
      {...props}
    />
  );
}
