"use client";

import { useRouter } from "next/navigation";
import { type ReactNode, useState } from "react";
import { api } from "@/app/_components/api-client";
import { DataTable, MainCell } from "@/app/_components/data-table";
import { EmptyState } from "@/app/_components/empty-state";
import { IconMail } from "@/app/_components/icons";
import { LazyConfirmDialog } from "@/app/_components/lazy-confirm-dialog";
import { RowActions } from "@/app/_components/row-actions";
import { Time } from "@/app/_components/time";
import { useToast } from "@/app/_components/toast";
import { OWNER_ROLE_MANAGERS, type Role } from "@/lib/auth/roles";
import type { MemberInvitationDto } from "@/lib/members/member-schema";

/**
 * Open invitations: resend (a fresh 7-day link) or revoke (the link stops working, which cannot be
 * undone: it asks first, issue 38).
 */
export function InvitationList({
  invitations,
  memberRole,
  searched,
  foot,
}: {
  invitations: MemberInvitationDto[];
  memberRole: Role;
  /** The search the list answers, if any (its empty state says so). */
  searched?: string | undefined;
  /** The count and page links (app/_components/list-count.tsx). */
  foot: ReactNode;
}) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<MemberInvitationDto | null>(null);
  const now = Date.now();

  async function act(inv: MemberInvitationDto, kind: "resend" | "revoke") {
    if (busy) return;
    setBusy(inv.id);
    const res =
      kind === "resend"
        ? await api(`/v1/workspace/members/invitations/${inv.id}/resend`, { method: "POST" })
        : await api(`/v1/workspace/members/invitations/${inv.id}`, { method: "DELETE" });
    setBusy(null);
    setRevoking(null);
    if (!res.ok) return toast.error(kind === "resend" ? "Not resent" : "Not revoked", res.problem.detail);
    toast.success(kind === "resend" ? "Invitation resent" : "Invitation revoked", inv.email);
    router.refresh();
  }

  if (invitations.length === 0 && searched) {
    return (
      <EmptyState icon={<IconMail />} title="No pending invitation matches this search">
        No open invitation&apos;s address contains “{searched}”.
      </EmptyState>
    );
  }
  if (invitations.length === 0) {
    return (
      <EmptyState icon={<IconMail />} title="No pending invitations">
        Invite people with the Invite button: they get a link that works once and expires in 7 days.
      </EmptyState>
    );
  }
  return (
    <>
      <LazyConfirmDialog
        open={revoking !== null}
        busy={busy !== null}
        title={`Revoke the invitation to ${revoking?.email ?? ""}?`}
        description="The link in their email stops working at once. To invite them later, send a new invitation."
        action="Revoke invitation"
        danger
        testId="confirm-revoke-invitation"
        onConfirm={() => {
          if (revoking) void act(revoking, "revoke");
        }}
        onCancel={() => setRevoking(null)}
      />
      <DataTable
        label="Pending invitations"
        rows={invitations}
        rowKey={(inv) => inv.id}
        rowAttributes={(inv) => ({ "data-testid": "invitation-row", "data-email": inv.email })}
        columns={[
          { header: "Email", primary: true, cell: (inv) => <MainCell main={inv.email} /> },
          { header: "Role", cell: (inv) => <span className="badge role">{inv.role}</span> },
          {
            header: "Expires",
            className: "muted",
            cell: (inv) => (
              <>
                {inv.status === "expired" ? "Expired " : ""}
                <Time iso={inv.expires_at} now={now} />
              </>
            ),
          },
          {
            header: "Actions",
            srOnly: true,
            cell: (inv) => (
              <RowActions
                memberRole={memberRole}
                permission="members:manage"
                blockedReason={
                  inv.role === "Owner" && !OWNER_ROLE_MANAGERS.includes(memberRole)
                    ? "Only an Owner can resend or revoke an Owner invitation."
                    : undefined
                }
                actions={[
                  {
                    label: "Resend",
                    name: `Resend the invitation to ${inv.email}`,
                    busy: busy === inv.id,
                    onClick: () => act(inv, "resend"),
                  },
                  {
                    label: "Revoke",
                    name: `Revoke the invitation to ${inv.email}`,
                    danger: true,
                    busy: busy === inv.id,
                    testId: "revoke-invitation",
                    onClick: () => setRevoking(inv),
                  },
                ]}
              />
            ),
          },
        ]}
        foot={foot}
      />
    </>
  );
}
