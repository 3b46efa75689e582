import type { ComponentProps, ReactNode } from "react";

/**
 * A labelled form field: the label, an optional hint and the error are wired to the control by id
 * (`aria-describedby`, `aria-invalid` are the caller's: `fieldA11y(id, error, hint)`).
 */
export function Field({
  id,
  label,
  hint,
  error,
  optional,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {optional ? <span className="optional"> (optional)</span> : null}
      </label>
      {children}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function fieldA11y(id: string, error: string | undefined, hint?: unknown) {
  return {
    id,
    name: id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

/** A labelled text input (the common case of `Field`): its id is its form name. */
export function TextField({
  id,
  label,
  hint,
  error,
  optional,
  ...input
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
} & Omit<ComponentProps<"input">, "id" | "name">) {
  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional}>
      <input {...fieldA11y(id, error, hint)} {...input} />
    </Field>
  );
}
