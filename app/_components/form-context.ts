"use client";

import { createContext, useContext } from "react";
import type { FieldErrors } from "@/app/_components/form-values";

/**
 * The field errors of the form around a field, keyed by input name. `Form` provides them, so its
 * fields find their own error by name instead of each being handed it.
 */
export const FormErrors = createContext<FieldErrors>({});

/** A field's error: the one given, else the surrounding form's error for its name. */
export function useFieldError(name: string, given: string | undefined): string | undefined {
  const errors = useContext(FormErrors);
  return given ?? errors[name];
}
