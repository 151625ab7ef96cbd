import { useId, type ReactNode, type SelectHTMLAttributes } from "react";
import "./field.css";
import { useHydrated } from "./useHydrated";

/** A labelled select with its hint and error messages, styled (and linked for screen readers) like TextInput. */
export function Select({
  label,
  errors,
  hint,
  children,
  className,
  ...select
}: { label: string; errors?: string[]; hint?: ReactNode; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, errors?.length ? errorId : null].filter(Boolean).join(" ") || undefined;
  // On a page the server rendered, usable once the browser has taken it over (before, a choice would be lost).
  const live = useHydrated();
  return (
    <div className={className ? `form-field ${className}` : "form-field"}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy}
        {...select}
        disabled={!live || select.disabled}
      >
        {children}
      </select>
      {hint && (
        <small id={hintId} className="form-field__hint">
          {hint}
        </small>
      )}
      {errors?.length ? (
        <ul id={errorId} className="form-field__errors">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
