"use client";

import type { ComponentProps, ReactNode } from "react";
import { FormErrors } from "@/app/_components/form-context";
import type { FieldErrors } from "@/app/_components/form-values";
import { IconAlert } from "@/app/_components/icons/ui";

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
