"use client";

import { useRouter } from "next/navigation";
import { api } from "@/app/_components/api-client";
import { TextField } from "@/app/_components/field";
import { FormDialogButton } from "@/app/_components/form-dialog-button";
import { type FieldErrors, text } from "@/app/_components/form-values";
import { useToast } from "@/app/_components/toast";
import { RolePicker } from "@/app/(console)/members/role-picker";
import type { Role } from "@/lib/auth/roles";
import type { MemberInvitationDto } from "@/lib/members/member-schema";

/**
 * Only what the browser can tell for sure; the server checks the address and the role again and
 * its field errors land under the same fields.
 */
function check(form: FormData): FieldErrors {
  const email = text(form, "email");
  if (email === "") return { email: "Enter the address to send the invitation to." };
  if (!email.includes("@")) return { email: "That does not look like an email address." };
  return {};
}

/** "Invite": an address and a role; the person gets a single-use link valid 7 days. */
export function InviteButton({ memberRole }: { memberRole: Role }) {
  const router = useRouter();
  const toast = useToast();
  return (
    <FormDialogButton<MemberInvitationDto>
      memberRole={memberRole}
      permission="members:manage"
      label="Invite"
      testId="invite-member"
      title="Invite someone"
      description="They get an email with a link that works once and expires in 7 days."
      wide
      submitLabel="Send invitation"
      submitTestId="send-invitation"
      failureTitle="Invitation not sent"
      check={check}
      send={(form) =>
        api("/v1/workspace/members/invitations", {
          json: { email: text(form, "email"), role: text(form, "role") },
        })
      }
      onSuccess={(invitation) => {
        toast.success("Invitation sent", `${invitation.email} · ${invitation.role}`);
        router.refresh();
      }}
    >
      {(errors) => (
        <>
          <TextField
            id="email"
            label="Email"
            error={errors.email}
            type="email"
            autoComplete="off"
            placeholder="ann@example.com"
          />
          <RolePicker name="role" memberRole={memberRole} defaultValue="Developer" error={errors.role} />
        </>
      )}
    </FormDialogButton>
  );
}
