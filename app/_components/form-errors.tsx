"use client";

import { type ComponentProps, createContext, type ReactNode, useContext } from "react";
import type { FieldErrors } from "@/app/_components/form-values";
import { IconAlert } from "@/app/_components/icons";

/**
 * The field errors of the form around a field, keyed by input name. `Form` provides them, so
 * its fields find their own error by name instead of each being handed it.
 */
export const FormErrors = createContext<FieldErrors>({});

/** A field's error: the one given, else the surrounding form's error for its name. */
export function useFieldError(name: string, given: string | undefined): string | undefined {
  const errors = useContext(FormErrors);
  return given ?? errors[name];
}

/** What went wrong with the whole form (not one field), above its fields. */
export function FormError({ message }: { message: ReactNode }) {
  return message ? (
    <div className="form-error" role="alert">
      <IconAlert /> {message}
    </div>
  ) : null;
}

/**
 * A console form: what went wrong with it on top, then its fields, each showing its own error from
 * `errors` (keyed by input name). The browser's own checks are off: the form's are worded better.
 */
export function Form({
  errors,
  error,
  children,
  ...form
}: ComponentProps<"form"> & { errors: FieldErrors; error: ReactNode }) {
  return (
    <form noValidate {...form}>
      <FormError message={error} />
      <FormErrors.Provider value={errors}>{children}</FormErrors.Provider>
    </form>
  );
}
