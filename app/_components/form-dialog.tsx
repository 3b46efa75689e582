"use client";

import { type FormEvent, type ReactNode, useState } from "react";
import { type ApiResult, fieldErrors, type Problem } from "@/app/_components/api-client";
import { Dialog } from "@/app/_components/dialog";
import type { FieldErrors } from "@/app/_components/form-values";
import { IconAlert, IconSpinner } from "@/app/_components/icons";
import { useToast } from "@/app/_components/toast";

export interface FormDialogProps<T> {
  open: boolean;
  onClose: () => void;
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
  /** Sends the form to the API. */
  send: (form: FormData) => Promise<ApiResult<T>>;
  /** API body fields whose input has another name (`name` → `room_name`: ids are page-unique). */
  inputNames?: Record<string, string>;
  /** A refusal this form words itself (e.g. `slug_taken` as an error on the slug field). */
  explain?: (problem: Problem, form: FormData) => FieldErrors | string | undefined;
  onSuccess: (data: T) => void;
  /** The fields; `errors` are keyed by input name. */
  children: (errors: FieldErrors) => ReactNode;
}

/**
 * The console's one create-and-edit dialog: a form in a modal that checks in the browser, posts to
 * the API, and puts every refusal where it belongs — a 422's `errors[]` beside their fields, anything
 * else above the form and in a toast. Callers supply the fields and what to send; nothing else.
 */
export function FormDialog<T>(props: FormDialogProps<T>) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  function close() {
    setErrors({});
    setFormError(null);
    props.onClose();
  }

  function renamed(errs: FieldErrors): FieldErrors {
    const out: FieldErrors = {};
    for (const [k, v] of Object.entries(errs)) out[props.inputNames?.[k] ?? k] = v;
    return out;
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = new FormData(e.currentTarget);
    const local = props.check?.(form) ?? {};
    setFormError(null);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    const res = await props.send(form);
    setBusy(false);
    if (res.ok) {
      setErrors({});
      props.onSuccess(res.data);
      return;
    }
    const own = props.explain?.(res.problem, form);
    if (typeof own === "object") return setErrors(own);
    if (own === undefined && res.problem.code === "validation_failed" && res.problem.errors.length > 0) {
      return setErrors(renamed(fieldErrors(res.problem)));
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
      <form onSubmit={onSubmit} noValidate aria-label={props.title}>
        {formError ? (
          <div className="form-error" role="alert">
            <IconAlert /> {formError}
          </div>
        ) : null}
        {props.children(errors)}
        <div className="form-actions">
          <button type="button" className="btn secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn" disabled={busy} data-testid={props.submitTestId}>
            {busy ? <IconSpinner className="spin" /> : null}
            {busy ? (props.busyLabel ?? props.submitLabel) : props.submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
