"use client";

import { TextField } from "@/app/_components/field";
import type { FormSpec } from "@/app/_components/form-dialog";
import { FormDialogButton } from "@/app/_components/form-dialog-button";
import { type FieldErrors, text } from "@/app/_components/form-values";
import type { Said } from "@/app/_components/use-api-action";
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

const sent = (invitation: MemberInvitationDto): Said => [
  "Invitation sent",
  `${invitation.email} · ${invitation.role}`,
];

const invite: FormSpec<MemberInvitationDto> = {
  title: "Invite someone",
  description: "They get an email with a link that works once and expires in 7 days.",
  wide: true,
  submitLabel: "Send invitation",
  submitTestId: "send-invitation",
  failureTitle: "Invitation not sent",
  action: "/v1/workspace/members/invitations",
  check,
  success: sent,
};

/** "Invite": an address and a role; the person gets a single-use link valid 7 days. */
export function InviteButton({ memberRole }: { memberRole: Role }) {
  return (
    <FormDialogButton<MemberInvitationDto>
      opener={{ memberRole, permission: "members:manage", label: "Invite", testId: "invite-member" }}
      {...invite}
    >
      <TextField id="email" label="Email" type="email" autoComplete="off" placeholder="ann@example.com" />
      <RolePicker name="role" memberRole={memberRole} defaultValue="Developer" />
    </FormDialogButton>
  );
}
