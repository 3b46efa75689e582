"use client";

import { type FormEvent, useRef, useState } from "react";
import { api, fieldErrors } from "@/app/_components/api-client";
import { Field, fieldA11y, zodFieldErrors } from "@/app/_components/field";
import { IconAlert, IconSpinner } from "@/app/_components/icons";
import { useToast } from "@/app/_components/toast";
import { changePasswordBody } from "@/lib/accounts/account-schemas";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/identity/password-policy";

export function ChangePasswordForm() {
  const toast = useToast();
  const form = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const parsed = changePasswordBody.safeParse({
      current_password: data.get("current_password"),
      new_password: data.get("new_password"),
    });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    setFormError(null);
    setBusy(true);
    const res = await api("/v1/auth/password", { json: parsed.data });
    setBusy(false);
    if (res.ok) {
      toast.success("Password changed", "Your other sessions were signed out.");
      form.current?.reset();
      return;
    }
    if (res.problem.code === "validation_failed") setErrors(fieldErrors(res.problem));
    else setFormError(res.problem.detail);
  }

  return (
    <form ref={form} onSubmit={onSubmit} noValidate aria-label="Change password">
      {formError ? (
        <div className="form-error" role="alert">
          <IconAlert /> {formError}
        </div>
      ) : null}
      <Field id="current_password" label="Current password" error={errors.current_password}>
        <input
          {...fieldA11y("current_password", errors.current_password)}
          type="password"
          autoComplete="current-password"
        />
      </Field>
      <Field
        id="new_password"
        label="New password"
        error={errors.new_password}
        hint={`${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`}
      >
        <input
          {...fieldA11y("new_password", errors.new_password, true)}
          type="password"
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          maxLength={MAX_PASSWORD_LENGTH}
        />
      </Field>
      <div className="form-actions">
        <button type="submit" className="btn" disabled={busy} data-testid="change-password">
          {busy ? <IconSpinner className="spin" /> : null} Change password
        </button>
      </div>
    </form>
  );
}
