"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { api } from "@/app/_components/api-client";
import { Dialog } from "@/app/_components/dialog";
import { GatedButton } from "@/app/_components/gated-button";
import { IconAlert, IconSpinner } from "@/app/_components/icons";
import { Time } from "@/app/_components/time";
import { useToast } from "@/app/_components/toast";
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

export function MemberList({ members, me }: { members: MemberDto[]; me: { userId: string; role: Role } }) {
  const router = useRouter();
  const toast = useToast();
  const [action, setAction] = useState<Action>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const owners = members.filter((m) => m.role === "Owner").length;
  const now = Date.now();

  function close() {
    setAction(null);
    setError(null);
  }

  async function changeRole(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!action) return;
    const role = String(new FormData(e.currentTarget).get("role") ?? "");
    setBusy(true);
    const res = await api<MemberDto>(`/v1/workspace/members/${action.member.user_id}`, {
      method: "PATCH",
      json: { role },
    });
    setBusy(false);
    if (!res.ok) return setError(res.problem.detail);
    toast.success("Role changed", `${res.data.display_name} is now ${res.data.role}`);
    close();
    router.refresh();
  }

  async function remove() {
    if (!action) return;
    setBusy(true);
    const res = await api(`/v1/workspace/members/${action.member.user_id}`, { method: "DELETE" });
    setBusy(false);
    if (!res.ok) return setError(res.problem.detail);
    toast.success("Member removed", `${action.member.display_name} no longer has access`);
    close();
    if (action.member.user_id === me.userId) window.location.assign("/login");
    else router.refresh();
  }

  return (
    <>
      <div className="table-wrap">
        <table className="responsive" aria-label="Members">
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Role</th>
              <th scope="col">Joined</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => {
              const blocked = ownerBlock(m, me.role, owners);
              return (
                <tr key={m.user_id} data-testid="member-row" data-email={m.email}>
                  <td className="primary">
                    <div className="cell-main">
                      {m.display_name}
                      {m.user_id === me.userId ? <span className="muted"> (you)</span> : null}
                    </div>
                    <div className="cell-sub">{m.email}</div>
                  </td>
                  <td data-label="Role">
                    <span className="badge role" data-testid="member-role">
                      {m.role}
                    </span>
                  </td>
                  <td data-label="Joined" className="muted">
                    <Time iso={m.joined_at} now={now} />
                  </td>
                  <td className="row-actions">
                    <GatedButton
                      memberRole={me.role}
                      permission="members:manage"
                      blockedReason={blocked}
                      className="btn secondary sm"
                      onClick={() => setAction({ kind: "role", member: m })}
                      data-testid="change-role"
                    >
                      Change role
                    </GatedButton>{" "}
                    <GatedButton
                      memberRole={me.role}
                      permission="members:manage"
                      blockedReason={blocked}
                      className="btn danger sm"
                      onClick={() => setAction({ kind: "remove", member: m })}
                      data-testid="remove-member"
                    >
                      Remove
                    </GatedButton>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <div className="table-foot">
          <span>
            {members.length} {members.length === 1 ? "member" : "members"}
          </span>
        </div>
      </div>
      <Dialog
        open={action?.kind === "role"}
        onClose={close}
        title={`Change ${action?.member.display_name ?? ""}'s role`}
        description="The new role applies to their very next request."
        wide
      >
        <form onSubmit={changeRole} aria-label="Change role">
          {error ? (
            <div className="form-error" role="alert">
              <IconAlert /> {error}
            </div>
          ) : null}
          {action ? (
            <RolePicker
              name="role"
              memberRole={me.role}
              defaultValue={isRole(action.member.role) ? action.member.role : "Viewer"}
            />
          ) : null}
          <div className="form-actions">
            <button type="button" className="btn secondary" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn" disabled={busy} data-testid="save-role">
              {busy ? <IconSpinner className="spin" /> : null} Save role
            </button>
          </div>
        </form>
      </Dialog>
      <Dialog
        open={action?.kind === "remove"}
        onClose={close}
        title={`Remove ${action?.member.display_name ?? ""}?`}
        description="They lose access at once: their open sessions in this organisation are signed out. Their account and other organisations stay."
      >
        {error ? (
          <div className="form-error" role="alert">
            <IconAlert /> {error}
          </div>
        ) : null}
        <div className="form-actions">
          <button type="button" className="btn secondary" onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className="btn danger"
            disabled={busy}
            onClick={remove}
            data-testid="confirm-remove"
          >
            {busy ? <IconSpinner className="spin" /> : null} Remove
          </button>
        </div>
      </Dialog>
    </>
  );
}
