import { TextInput, type TextInputProps } from "./TextInput";

/**
 * A number field that takes Latin and Arabic-Indic digits alike (١٩٤٨, ۱۹۴۸, 1948): a text field
 * with the numeric keyboard, read with `readNumber` (lib/digits.ts). Not `type="number"`, which
 * some browsers leave empty for digits other than 0–9. The server checks the range.
 */
export function NumberInput(props: Omit<TextInputProps, "type" | "min" | "max" | "step">) {
  return <TextInput inputMode="numeric" dir="ltr" autoComplete="off" spellCheck={false} {...props} type="text" />;
}
