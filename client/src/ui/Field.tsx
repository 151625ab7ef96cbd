import { useId, type InputHTMLAttributes, type ReactNode } from "react";

/** A labelled input with its error messages linked for screen readers. */
export function Field({ label, errors, hint, ...input }: { label: string; errors?: string[]; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={errors?.length ? true : undefined} aria-describedby={errors?.length ? errorId : undefined} {...input} />
      {hint && <small className="muted">{hint}</small>}
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
