"use client";

import { type FormEvent, type ReactNode, useState } from "react";
import { type ApiResult, api, fieldErrors } from "@/app/_components/api-client";
import { TextField } from "@/app/_components/field";
import { Form } from "@/app/_components/form";
import { IconSpinner } from "@/app/_components/icons/ui";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/identity/password-limits";

export interface AccountField {
  name: string;
  label: string;
  type: "email" | "password" | "text";
  autoComplete: string;
  hint?: string;
}

/** The password a person chooses (sign-up, invitation, reset), with the length rule as its hint. */
export function newPasswordField(label: string): AccountField {
  return {
    name: "password",
    label,
    type: "password",
    autoComplete: "new-password",
    hint: `${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`,
  };
}

/**
 * One form for the signed-out account pages: posts its fields (plus `extra`) as JSON to `path` and
 * hands a success to `onDone`; field errors land under their field, other problems on top.
 */
export function AccountForm({
  path,
  fields,
  extra = {},
  submit,
  onDone,
  problemText,
}: {
  path: string;
  fields: AccountField[];
  extra?: Record<string, string>;
  submit: string;
  onDone: (res: ApiResult<unknown> & { ok: true }) => void;
  /** A friendlier sentence for some problem codes. */
  problemText?: Partial<Record<string, ReactNode>>;
}) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<ReactNode>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const json: Record<string, string> = { ...extra };
    for (const f of fields) json[f.name] = String(data.get(f.name) ?? "");
    setBusy(true);
    setErrors({});
    setFormError(null);
    const res = await api(path, { json });
    if (res.ok) return onDone(res);
    setBusy(false);
    if (res.problem.code === "validation_failed" && res.problem.errors.length > 0)
      setErrors(fieldErrors(res.problem));
    else setFormError(problemText?.[res.problem.code] ?? res.problem.detail);
  }

  return (
    <Form onSubmit={onSubmit} aria-label={submit} errors={errors} error={formError}>
      {fields.map((f) => (
        <TextField
          key={f.name}
          id={f.name}
          label={f.label}
          type={f.type}
          autoComplete={f.autoComplete}
          hint={f.hint}
        />
      ))}
      <button className="btn block" type="submit" disabled={busy} style={{ marginTop: 4, minHeight: 38 }}>
        {busy ? <IconSpinner className="spin" /> : null}
        {submit}
      </button>
    </Form>
  );
}
