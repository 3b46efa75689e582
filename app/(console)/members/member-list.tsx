"use client";

import { type ReactNode, useState } from "react";
import { api } from "@/app/_components/api-client";
import { DataTable, MainCell } from "@/app/_components/data-table";
import { EmptyState } from "@/app/_components/empty-state";
import type { FormSpec } from "@/app/_components/form-dialog";
import { IconUsers } from "@/app/_components/icons";
import { LazyConfirmDialog } from "@/app/_components/lazy-confirm-dialog";
import { LazyFormDialog } from "@/app/_components/lazy-form-dialog";
import { RowActions } from "@/app/_components/row-actions";
import { Time } from "@/app/_components/time";
import { useApiAction } from "@/app/_components/use-api-action";
import { RolePicker } from "@/app/(console)/members/role-picker";
import { isRole, OWNER_ROLE_MANAGERS, type Role } from "@/lib/auth/roles";
import type { MemberDto } from "@/lib/members/member-schema";

type Action = { kind: "role" | "remove"; member: MemberDto } | null;

/** Why this member's role or membership cannot be touched by the caller, if it cannot. */
function ownerBlock(target: MemberDto, myRole: Role, owners: number): string | undefined {
  if (target.role !== "Owner") return undefined;
  if (!OWNER_ROLE_MANAGERS.includes(myRole)) return "Only an Owner can change or remove an Owner.";
  if (owners <= 1) return "The organisation's last Owner: make someone else Owner first.";
  return undefined;
}

/** The members with their roles: change a role, remove someone (yourself included). */
export function MemberList({
  members,
  me,
  owners,
  searched,
  foot,
}: {
  members: MemberDto[];
  me: { userId: string; role: Role };
  /** Every Owner of the org, not only this page's: the last-Owner rule. */
  owners: number;
  searched?: string | undefined;
  /** The count and page links (app/_components/list-count.tsx). */
  foot: ReactNode;
}) {
  const [action, setAction] = useState<Action>(null);
  const { busy, run } = useApiAction();
  const now = Date.now();
  const target = action?.member;
  const close = () => setAction(null);

  async function remove() {
    if (!target) return;
    const self = target.user_id === me.userId;
    await run(
      "remove",
      () => api(`/v1/workspace/members/${target.user_id}`, { method: "DELETE" }).finally(close),
      {
        failure: "Member not removed",
        success: () => ["Member removed", `${target.display_name} no longer has access`],
        // Removing yourself ends your access here: sign in again rather than refresh a page you may not see.
        after: () => {
          if (self) window.location.assign("/login");
        },
        refresh: !self,
      },
    );
  }

  const changeRole: FormSpec<MemberDto> = {
    title: `Change ${target?.display_name ?? ""}'s role`,
    description: "The new role applies to their very next request.",
    wide: true,
    submitLabel: "Save role",
    submitTestId: "save-role",
    failureTitle: "Role not changed",
    action: `/v1/workspace/members/${target?.user_id ?? ""}`,
    method: "PATCH",
    success: (updated) => ["Role changed", `${updated.display_name} is now ${updated.role}`],
  };
  if (members.length === 0 && searched) {
    return (
      <EmptyState icon={<IconUsers />} title="No member matches this search">
        Nobody&apos;s name or email contains “{searched}”.
      </EmptyState>
    );
  }
  return (
    <>
      <DataTable
        label="Members"
        rows={members}
        rowKey={(m) => m.user_id}
        rowAttributes={(m) => ({ "data-testid": "member-row", "data-email": m.email })}
        columns={[
          {
            header: "Member",
            primary: true,
            cell: (m) => (
              <MainCell
                main={
                  <>
                    {m.display_name}
                    {m.user_id === me.userId ? <span className="muted"> (you)</span> : null}
                  </>
                }
                sub={m.email}
              />
            ),
          },
          {
            header: "Role",
            cell: (m) => (
              <span className="badge role" data-testid="member-role">
                {m.role}
              </span>
            ),
          },
          { header: "Joined", className: "muted", cell: (m) => <Time iso={m.joined_at} now={now} /> },
          {
            header: "Actions",
            srOnly: true,
            cell: (m) => (
              <RowActions
                memberRole={me.role}
                permission="members:manage"
                blockedReason={ownerBlock(m, me.role, owners)}
                actions={[
                  {
                    label: "Change role",
                    name: `Change role of ${m.display_name}`,
                    testId: "change-role",
                    onClick: () => setAction({ kind: "role", member: m }),
                  },
                  {
                    label: "Remove",
                    name: `Remove ${m.display_name}`,
                    danger: true,
                    testId: "remove-member",
                    onClick: () => setAction({ kind: "remove", member: m }),
                  },
                ]}
              />
            ),
          },
        ]}
        foot={foot}
      />
      <LazyFormDialog<MemberDto>
        open={action?.kind === "role"}
        onClose={close}
        onSuccess={close}
        {...changeRole}
      >
        {target ? (
          <RolePicker
            name="role"
            memberRole={me.role}
            defaultValue={isRole(target.role) ? target.role : "Viewer"}
          />
        ) : null}
      </LazyFormDialog>
      <LazyConfirmDialog
        open={action?.kind === "remove"}
        title={`Remove ${target?.display_name ?? ""}?`}
        description="They lose access at once: their open sessions in this organisation are signed out. Their account and other organisations stay."
        action="Remove"
        danger
        busy={busy !== null}
        onConfirm={remove}
        onCancel={close}
        testId="confirm-remove"
      />
    </>
  );
}
