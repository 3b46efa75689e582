"use client";

import type { DialogControl } from "@/app/_components/dialog-opener";
import { TextField } from "@/app/_components/field";
import type { FormSpec } from "@/app/_components/form-dialog";
import { type FieldErrors, text } from "@/app/_components/form-values";
import { LazyFormDialog } from "@/app/_components/lazy-form-dialog";
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

/** "Invite"'s dialog (invite-button.tsx loads it when first opened): an address and a role. */
export function InviteDialog({ memberRole, open, setOpen }: { memberRole: Role } & DialogControl) {
  return (
    <LazyFormDialog<MemberInvitationDto>
      {...invite}
      open={open}
      onClose={() => setOpen(false)}
      onSuccess={() => setOpen(false)}
    >
      <TextField id="email" label="Email" type="email" autoComplete="off" placeholder="ann@example.com" />
      <RolePicker name="role" memberRole={memberRole} defaultValue="Developer" />
    </LazyFormDialog>
  );
}
