import { useId, type ReactNode, type SelectHTMLAttributes } from "react";
import "./field.css";
import { useHydrated } from "./useHydrated";

/** A labelled select with its error messages, styled like TextInput. */
export function Select({
  label,
  errors,
  children,
  className,
  ...select
}: { label: string; errors?: string[]; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  // On a page the server rendered, usable once the browser has taken it over (before, a choice would be lost).
  const live = useHydrated();
  return (
    <div className={className ? `form-field ${className}` : "form-field"}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
        {...select}
        disabled={!live || select.disabled}
      >
        {children}
      </select>
      {errors?.length ? (
        <ul id={`${id}-error`} className="form-field__errors">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
