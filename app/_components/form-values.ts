/** Field errors by input name; an empty object means "nothing to complain about". */
export type FieldErrors = Record<string, string>;

/** The trimmed text of a form field ("" when absent). */
export function text(form: FormData, name: string): string {
  return String(form.get(name) ?? "").trim();
}

/**
 * A form as the JSON body the API takes: each field under its input's name, text trimmed, an empty
 * text left out (an optional field), a group of checkboxes as the array of those checked.
 */
export function formBody(form: HTMLFormElement): Record<string, unknown> {
  const data = new FormData(form);
  const body: Record<string, unknown> = {};
  for (const box of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name]')) {
    body[box.name] = data.getAll(box.name).map(String);
  }
  for (const [name, value] of data) {
    const trimmed = String(value).trim();
    if (!(name in body) && trimmed !== "") body[name] = trimmed;
  }
  return body;
}
