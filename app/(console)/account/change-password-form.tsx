"use client";

import { type FormEvent, useRef, useState } from "react";
import { api, fieldErrors } from "@/app/_components/api-client";
import { TextField } from "@/app/_components/field";
import { Form } from "@/app/_components/form";
import type { FieldErrors } from "@/app/_components/form-values";
import { IconSpinner } from "@/app/_components/icons/ui";
import { useToast } from "@/app/_components/toast";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/identity/password-limits";

/**
 * What the browser can tell before asking: both fields filled, the new one within the length rule.
 * The server checks again (and decides the rest); its field errors land in the same places.
 */
function checkPasswords(current: string, next: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!current) errors.current_password = "current_password is required";
  if (next.length < MIN_PASSWORD_LENGTH)
    errors.new_password = `Use at least ${MIN_PASSWORD_LENGTH} characters for the new password.`;
  else if (next.length > MAX_PASSWORD_LENGTH)
    errors.new_password = `Keep the new password to ${MAX_PASSWORD_LENGTH} characters or fewer.`;
  return errors;
}

export function ChangePasswordForm() {
  const toast = useToast();
  const form = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const body = {
      current_password: String(data.get("current_password") ?? ""),
      new_password: String(data.get("new_password") ?? ""),
    };
    const invalid = checkPasswords(body.current_password, body.new_password);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    setFormError(null);
    setBusy(true);
    const res = await api("/v1/auth/password", { json: body });
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
    <Form ref={form} onSubmit={onSubmit} aria-label="Change password" errors={errors} error={formError}>
      <TextField
        id="current_password"
        label="Current password"
        type="password"
        autoComplete="current-password"
      />
      <TextField
        id="new_password"
        label="New password"
        hint={`${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`}
        type="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        maxLength={MAX_PASSWORD_LENGTH}
      />
      <div className="form-actions">
        <button type="submit" className="btn" disabled={busy} data-testid="change-password">
          {busy ? <IconSpinner className="spin" /> : null} Change password
        </button>
      </div>
    </Form>
  );
}
