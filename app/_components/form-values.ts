/** Field errors by input name; an empty object means "nothing to complain about". */
export type FieldErrors = Record<string, string>;

/** The trimmed text of a form field ("" when absent). */
export function text(form: FormData, name: string): string {
  return String(form.get(name) ?? "").trim();
}
