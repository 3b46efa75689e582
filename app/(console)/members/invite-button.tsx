"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { api, fieldErrors } from "@/app/_components/api-client";
import { Dialog } from "@/app/_components/dialog";
import { Field, fieldA11y } from "@/app/_components/field";
import { type FieldErrors, text } from "@/app/_components/form-values";
import { GatedButton } from "@/app/_components/gated-button";
import { IconAlert, IconPlus, IconSpinner } from "@/app/_components/icons";
import { useToast } from "@/app/_components/toast";
import { RolePicker } from "@/app/(console)/members/role-picker";
import type { Role } from "@/lib/auth/roles";
import type { MemberInvitationDto } from "@/lib/members/serialize-member-invitation";

/** "Invite": an address and a role; the person gets a single-use link valid 7 days. */
export function InviteButton({ memberRole }: { memberRole: Role }) {
  const router = useRouter();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  function close() {
    setOpen(false);
    setErrors({});
    setFormError(null);
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body = { email: text(form, "email"), role: text(form, "role") };
    // Only what the browser can tell for sure; the server checks the address and role again and
    // its field errors land under the same fields.
    if (!body.email.includes("@")) {
      setErrors({ email: body.email ? "email must be a valid address" : "email is required" });
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    const res = await api<MemberInvitationDto>("/v1/workspace/members/invitations", { json: body });
    setBusy(false);
    if (res.ok) {
      toast.success("Invitation sent", `${res.data.email} · ${res.data.role}`);
      close();
      router.refresh();
      return;
    }
    if (res.problem.code === "validation_failed") setErrors(fieldErrors(res.problem));
    else setFormError(res.problem.detail);
  }

  return (
    <>
      <GatedButton
        memberRole={memberRole}
        permission="members:manage"
        className="btn"
        onClick={() => setOpen(true)}
        data-testid="invite-member"
      >
        <IconPlus /> Invite
      </GatedButton>
      <Dialog
        open={open}
        onClose={close}
        title="Invite someone"
        description="They get an email with a link that works once and expires in 7 days."
        wide
      >
        <form onSubmit={onSubmit} noValidate aria-label="Invite someone">
          {formError ? (
            <div className="form-error" role="alert">
              <IconAlert /> {formError}
            </div>
          ) : null}
          <Field id="email" label="Email" error={errors.email}>
            <input
              {...fieldA11y("email", errors.email)}
              type="email"
              autoComplete="off"
              placeholder="ann@example.com"
            />
          </Field>
          <RolePicker name="role" memberRole={memberRole} defaultValue="Developer" error={errors.role} />
          <div className="form-actions">
            <button type="button" className="btn secondary" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn" disabled={busy} data-testid="send-invitation">
              {busy ? <IconSpinner className="spin" /> : null} Send invitation
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
