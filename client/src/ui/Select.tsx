import { useId, type ReactNode, type SelectHTMLAttributes } from "react";
import "./field.css";

/** A labelled select with its error messages, styled like TextInput. */
export function Select({
  label,
  errors,
  children,
  className,
  ...select
}: { label: string; errors?: string[]; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className={className ? `form-field ${className}` : "form-field"}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
        {...select}
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
