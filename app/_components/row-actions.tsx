import { GatedButton } from "@/app/_components/gated-button";
import type { Permission, Role } from "@/lib/auth/roles";

export interface RowAction {
  label: string;
  onClick: () => void;
  /** Red: the action destroys or revokes something. */
  danger?: boolean;
  /** The button's accessible name when the label alone is ambiguous in a list ("Revoke Backend"). */
  name?: string;
  testId?: string;
  busy?: boolean;
}

/**
 * The buttons at the end of a table row (Rotate / Revoke, Resend / Revoke, Change role / Remove):
 * small, in a row that wraps, each gated by the same permission and naming the roles that hold it.
 */
export function RowActions({
  memberRole,
  permission,
  blockedReason,
  actions,
}: {
  memberRole: Role;
  permission: Permission;
  blockedReason?: string | undefined;
  actions: RowAction[];
}) {
  return (
    <span className="row-actions">
      {actions.map((a) => (
        <GatedButton
          key={a.label}
          memberRole={memberRole}
          permission={permission}
          blockedReason={blockedReason}
          className={a.danger ? "btn danger sm" : "btn secondary sm"}
          onClick={a.onClick}
          aria-label={a.name}
          aria-busy={a.busy}
          data-testid={a.testId}
        >
          {a.label}
        </GatedButton>
      ))}
    </span>
  );
}
