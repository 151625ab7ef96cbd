import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import "./field.css";
import { useHydrated } from "./useHydrated";

export type TextInputProps = { label: string; errors?: string[]; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>;

/**
 * A labelled input with its hint and error messages linked for screen readers. Label, input,
 * hint and errors stack at the inline start, so a form of several reads as one column in either direction.
 */
export function TextInput({ label, errors, hint, className, ...input }: TextInputProps) {
  const id = useId();
  // On a page the server rendered, usable once the browser has taken it over (before, typing would be lost).
  const live = useHydrated();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, errors?.length ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className ? `form-field ${className}` : "form-field"}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy}
        {...input}
        disabled={!live || input.disabled}
      />
      {hint && (
        <small id={hintId} className="form-field__hint">
          {hint}
        </small>
      )}
      {errors?.length ? (
        <ul id={errorId} className="form-field__errors">
          {errors.map((e) => (
            <li key={e}>
              <bdi>{e}</bdi>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
