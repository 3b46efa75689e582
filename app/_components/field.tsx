"use client";

import type { ComponentProps, ReactNode } from "react";
import { useFieldError } from "@/app/_components/form-context";

/**
 * A labelled form field: the label, an optional hint and the error are wired to the control by id
 * (`aria-describedby`, `aria-invalid` are the caller's: `fieldA11y(id, error, hint)`). Inside a
 * `Form` the error is the form's error for the field's name unless one is given.
 */
export function Field({
  id,
  name = id,
  label,
  hint,
  error,
  optional,
  children,
}: FieldProps & { children: ReactNode }) {
  const shown = useFieldError(name, error);
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {optional ? <span className="optional"> (optional)</span> : null}
      </label>
      {children}
      {shown ? (
        <p className="field-error" id={`${id}-error`}>
          {shown}
        </p>
      ) : hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The control's id, name (the id unless given) and the ARIA wiring to its error or hint. */
export function fieldA11y(id: string, error: string | undefined, hint?: unknown, name = id) {
  return {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

type FieldProps = {
  /** Page-unique; also the form name unless `name` is given. */
  id: string;
  /** The form name, as the API names the field (`name` for the input `room_name`). */
  name?: string | undefined;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
};

/** A field's own props apart from those of its control. */
function split<P extends FieldProps>({ id, name, label, hint, error, optional, ...control }: P) {
  return [{ id, name, label, hint, error, optional }, control] as const;
}

/** `Field` around one control, wired to it by id; the control's form name is `name` or else its id. */
function Labelled({
  control,
  ...field
}: FieldProps & { control: (a11y: ReturnType<typeof fieldA11y>) => ReactNode }) {
  const shown = useFieldError(field.name ?? field.id, field.error);
  return (
    <Field {...field} error={shown}>
      {control(fieldA11y(field.id, shown, field.hint, field.name))}
    </Field>
  );
}

/** A labelled text input (the common case of `Field`). */
export function TextField(props: FieldProps & Omit<ComponentProps<"input">, "id" | "name">) {
  const [field, input] = split(props);
  return <Labelled {...field} control={(a11y) => <input {...a11y} {...input} />} />;
}

/** A labelled select, its options as children. */
export function SelectField(props: FieldProps & Omit<ComponentProps<"select">, "id" | "name">) {
  const [field, select] = split(props);
  return <Labelled {...field} control={(a11y) => <select {...a11y} {...select} />} />;
}
