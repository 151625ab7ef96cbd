import { useId, type ReactNode, type SelectHTMLAttributes } from "react";

/** A labelled select with its error messages, styled like Field. */
export function SelectField({ label, errors, children, ...select }: { label: string; errors?: string[]; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={errors?.length ? true : undefined} aria-describedby={errors?.length ? `${id}-error` : undefined} {...select}>{children}</select>
      {errors?.length ? <ul id={`${id}-error`} className="form-field__errors">{errors.map((e) => <li key={e}>{e}</li>)}</ul> : null}
    </div>
  );
}
