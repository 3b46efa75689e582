"use client";

import { type ButtonHTMLAttributes, type ReactNode, useId } from "react";
import { can, type Permission, type Role, rolesWith } from "@/lib/auth/roles";

/** "Owner, Admin or Developer". */
export function roleList(roles: readonly string[]): string {
  if (roles.length <= 1) return roles.join("");
  return `${roles.slice(0, -1).join(", ")} or ${roles[roles.length - 1]}`;
}

/** Why a role cannot use a control: the roles that can, and the caller's own. */
export function roleTooltip(permission: Permission, role: Role): string {
  return `Requires the ${roleList(rolesWith(permission))} role. You are ${/^[AEIOU]/.test(role) ? "an" : "a"} ${role}.`;
}

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "disabled" | "role"> & {
  /** The signed-in member's workspace role. */
  memberRole: Role;
  permission: Permission;
  /** Another reason the action is unavailable (e.g. "Create a project first"), shown the same way. */
  blockedReason?: string | undefined;
  children: ReactNode;
};

/**
 * A button for an action the caller's role may lack. Without the permission it stays visible but
 * inert (`aria-disabled`, still focusable) with a tooltip naming the roles that hold it; the API
 * enforces the same rule regardless.
 */
export function GatedButton({
  memberRole,
  permission,
  blockedReason,
  children,
  className,
  onClick,
  ...rest
}: Props) {
  const tipId = useId();
  const reason = can(memberRole, permission) ? blockedReason : roleTooltip(permission, memberRole);
  if (!reason) {
    return (
      <button type="button" className={className} onClick={onClick} {...rest}>
        {children}
      </button>
    );
  }
  return (
    <span className="tip-wrap">
      <button
        type="button"
        className={className}
        {...rest}
        aria-disabled="true"
        aria-describedby={tipId}
        data-blocked="true"
        onClick={(e) => e.preventDefault()}
      >
        {children}
      </button>
      <span role="tooltip" id={tipId} className="tip">
        {reason}
      </span>
    </span>
  );
}
