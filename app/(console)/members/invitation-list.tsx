"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { api } from "@/app/_components/api-client";
import { EmptyState } from "@/app/_components/empty-state";
import { GatedButton } from "@/app/_components/gated-button";
import { IconMail } from "@/app/_components/icons";
import { Time } from "@/app/_components/time";
import { useToast } from "@/app/_components/toast";
import { OWNER_ROLE_MANAGERS, type Role } from "@/lib/auth/roles";
import type { MemberInvitationDto } from "@/lib/members/serialize-member-invitation";

/** Open invitations: resend (a fresh 7-day link) or revoke (the link stops working). */
export function InvitationList({
  invitations,
  memberRole,
}: {
  invitations: MemberInvitationDto[];
  memberRole: Role;
}) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const now = Date.now();

  async function act(inv: MemberInvitationDto, kind: "resend" | "revoke") {
    if (busy) return;
    setBusy(inv.id);
    const res =
      kind === "resend"
        ? await api(`/v1/workspace/members/invitations/${inv.id}/resend`, { method: "POST" })
        : await api(`/v1/workspace/members/invitations/${inv.id}`, { method: "DELETE" });
    setBusy(null);
    if (!res.ok) return toast.error(kind === "resend" ? "Not resent" : "Not revoked", res.problem.detail);
    toast.success(kind === "resend" ? "Invitation resent" : "Invitation revoked", inv.email);
    router.refresh();
  }

  if (invitations.length === 0) {
    return (
      <EmptyState icon={<IconMail />} title="No pending invitations">
        Invite people with the Invite button: they get a link that works once and expires in 7 days.
      </EmptyState>
    );
  }
  return (
    <div className="table-wrap">
      <table className="responsive" aria-label="Pending invitations">
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Expires</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invitations.map((inv) => {
            const blocked =
              inv.role === "Owner" && !OWNER_ROLE_MANAGERS.includes(memberRole)
                ? "Only an Owner can resend or revoke an Owner invitation."
                : undefined;
            return (
              <tr key={inv.id} data-testid="invitation-row" data-email={inv.email}>
                <td className="primary">
                  <div className="cell-main">{inv.email}</div>
                </td>
                <td data-label="Role">
                  <span className="badge role">{inv.role}</span>
                </td>
                <td data-label="Expires" className="muted">
                  {inv.status === "expired" ? "Expired " : ""}
                  <Time iso={inv.expires_at} now={now} />
                </td>
                <td className="row-actions">
                  <GatedButton
                    memberRole={memberRole}
                    permission="members:manage"
                    blockedReason={blocked}
                    className="btn secondary sm"
                    aria-busy={busy === inv.id}
                    onClick={() => act(inv, "resend")}
                  >
                    Resend
                  </GatedButton>{" "}
                  <GatedButton
                    memberRole={memberRole}
                    permission="members:manage"
                    blockedReason={blocked}
                    className="btn danger sm"
                    aria-busy={busy === inv.id}
                    onClick={() => act(inv, "revoke")}
                  >
                    Revoke
                  </GatedButton>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
