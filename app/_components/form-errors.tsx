"use client";

import { createContext, type ReactNode, useContext } from "react";
import type { FieldErrors } from "@/app/_components/form-values";
import { IconAlert } from "@/app/_components/icons";

/**
 * The field errors of the form around a field, keyed by input name. `FormDialog` provides them, so
 * a dialog's fields find their own error by name instead of each being handed it.
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
