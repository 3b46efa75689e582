"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, type ReactNode, useState } from "react";
import { api, fieldErrors, labelsOf, type Problem } from "@/app/_components/api-client";
import { Dialog } from "@/app/_components/dialog";
import { Form } from "@/app/_components/form";
import type { FieldErrors } from "@/app/_components/form-values";
import { IconSpinner } from "@/app/_components/icons/ui";
import { useToast } from "@/app/_components/toast";
import type { Said } from "@/app/_components/use-api-action";

/**
 * A dialog's declaration, as data: its words, where it sends the form, the checks and the toast.
 * Each dialog writes one (`const createRoom: FormSpec<RoomDto> = {…}`) and hands it to
 * `FormDialogButton` or `FormDialog` with its fields.
 */
export interface FormSpec<T> {
  title: string;
  description?: ReactNode;
  wide?: boolean;
  /** The submit button ("Create project"); a spinner joins it while the request runs. */
  submitLabel: string;
  /** Another label while the request runs ("Adding…"), when the spinner alone says too little. */
  busyLabel?: string;
  submitTestId?: string;
  /** The toast's title when the API refuses ("Project not created"). */
  failureTitle: string;
  /** Checks in the browser before anything is sent, with human messages; errors stop the submit. */
  check?: (form: FormData) => FieldErrors;
  /** The API path the form is sent to as JSON, with `method` (default POST). */
  action: string;
  method?: "POST" | "PATCH";
  /**
   * The JSON body when it is not simply the form (`formBody`: every field under its input's name,
   * the API's name for it), e.g. times to convert.
   */
  body?: (form: FormData) => unknown;
  /** A refusal this form words itself (e.g. `slug_taken` as an error on the slug field). */
  explain?: (problem: Problem, form: FormData) => FieldErrors | string | undefined;
  /** The success toast. */
  success?: (data: T) => Said;
}

export interface FormDialogProps<T> extends FormSpec<T> {
  open: boolean;
  onClose: () => void;
  /** Anything else success does (close the dialog, show a secret), before the page refreshes. */
  onSuccess?: (data: T) => void;
  /** The fields (`TextField`, `Choices`…): each shows the dialog's error for its input name. */
  children: ReactNode;
}

/**
 * A form as the JSON body the API takes: each field under its input's name, text trimmed, an empty
 * text left out (an optional field), a group of checkboxes as the array of those checked.
 */
function formBody(form: HTMLFormElement): Record<string, unknown> {
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

/**
 * The console's one create-and-edit dialog: a form in a modal that checks in the browser, posts to
 * the API, and puts every refusal where it belongs — a 422's `errors[]` beside their fields, anything
 * else above the form and in a toast. Success is a toast and a refresh of the page's server data.
 * Callers supply the fields (named as the API names them), where to send them and what to say.
 */
export function FormDialog<T>(props: FormDialogProps<T>) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  function close() {
    setErrors({});
    setFormError(null);
    props.onClose();
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const formElement = e.currentTarget;
    const form = new FormData(formElement);
    const local = props.check?.(form) ?? {};
    setFormError(null);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const json = props.body ? props.body(form) : formBody(e.currentTarget);
    setBusy(true);
    const res = await api<T>(props.action, { method: props.method ?? "POST", json });
    setBusy(false);
    if (res.ok) {
      setErrors({});
      props.onSuccess?.(res.data);
      const said = props.success?.(res.data);
      if (said) toast.success(...said);
      router.refresh();
      return;
    }
    const own = props.explain?.(res.problem, form);
    if (typeof own === "object") return setErrors(own);
    if (own === undefined && res.problem.code === "validation_failed" && res.problem.errors.length > 0) {
      const found = fieldErrors(res.problem, labelsOf(formElement));
      // An error about a field this form does not show goes above the fields, not nowhere.
      const unshown = Object.entries(found).filter(([name]) => !formElement.elements.namedItem(name));
      if (unshown.length > 0) setFormError(unshown.map(([, message]) => message).join(" "));
      return setErrors(found);
    }
    const message = own ?? res.problem.detail;
    setFormError(message);
    toast.error(props.failureTitle, message);
  }

  return (
    <Dialog
      open={props.open}
      onClose={close}
      title={props.title}
      description={props.description}
      wide={props.wide}
    >
      <Form onSubmit={onSubmit} aria-label={props.title} errors={errors} error={formError}>
        {props.children}
        <div className="form-actions">
          <button type="button" className="btn secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn" disabled={busy} data-testid={props.submitTestId}>
            {busy ? <IconSpinner className="spin" /> : null}
            {busy ? (props.busyLabel ?? props.submitLabel) : props.submitLabel}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
