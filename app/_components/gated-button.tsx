"use client";

import { type ButtonHTMLAttributes, type ReactNode, useId, useState } from "react";
import { IconSpinner } from "@/app/_components/icons/ui";
import { roleTooltip } from "@/app/_lib/role-text";
import { can, type Permission, type Role } from "@/lib/auth/roles";

/** Who may use a control: the member's role, the permission it needs, and any other obstacle. */
export interface Gate {
  /** The signed-in member's workspace role. */
  memberRole: Role;
  permission: Permission;
  /** Another reason the action is unavailable (e.g. "Create a project first"), shown the same way. */
  blockedReason?: string | undefined;
}

/** Why the member cannot use the control (the roles that can, or the other obstacle); undefined if they can. */
export function gateReason({ memberRole, permission, blockedReason }: Gate): string | undefined {
  return can(memberRole, permission) ? blockedReason : roleTooltip(permission, memberRole);
}

export type GatedButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "disabled" | "role"> &
  Gate & {
    /** Which edge the tooltip lines up with: "end" (default) for controls on the right. */
    tipAlign?: "start" | "end";
    /**
     * "tip" (default): the reason shows on hover, on keyboard focus and on a tap or click (a
     * toggle: touch screens cannot hover, and iOS does not focus a tapped button). "inline": the
     * reason is always shown beside the control, for a whole form that is unavailable.
     */
    reasonShown?: "tip" | "inline";
    /** Drawn before the label. */
    icon?: ReactNode;
    /** The action is running: a spinner takes the icon's place. */
    busy?: boolean;
    children: ReactNode;
  };

/**
 * A button for an action the caller's role may lack, or that something else blocks: the console's
 * one way to show a disabled control's reason (issue 38: never only in a hover tooltip). The
 * button stays visible but inert (`aria-disabled`, still focusable, described by the reason), and
 * the reason shows on hover, focus, tap or click, or always (`reasonShown="inline"`). The API
 * enforces the same rule regardless.
 */
export function GatedButton({
  memberRole,
  permission,
  blockedReason,
  tipAlign = "end",
  reasonShown = "tip",
  icon = null,
  busy,
  children,
  className,
  onClick,
  ...rest
}: GatedButtonProps) {
  const tipId = useId();
  const [tapped, setTapped] = useState(false);
  const reason = gateReason({ memberRole, permission, blockedReason });
  const label = (
    <>
      {busy ? <IconSpinner className="spin" /> : icon}
      {children}
    </>
  );
  if (!reason) {
    return (
      <button type="button" className={className} onClick={onClick} {...rest}>
        {label}
      </button>
    );
  }
  const inline = reasonShown === "inline";
  return (
    <span
      className={inline ? "blocked-wrap" : tipAlign === "start" ? "tip-wrap start" : "tip-wrap"}
      data-shown={tapped ? "true" : undefined}
    >
      <button
        type="button"
        className={className}
        {...rest}
        aria-disabled="true"
        aria-describedby={tipId}
        data-blocked="true"
        onClick={(e) => {
          e.preventDefault();
          setTapped((v) => !v);
        }}
        onBlur={() => setTapped(false)}
      >
        {label}
      </button>
      <span role={inline ? undefined : "tooltip"} id={tipId} className={inline ? "blocked-reason" : "tip"}>
        {reason}
      </span>
    </span>
  );
}

/** The gated button that opens a dialog ("New project", "Delete"): who may press it, what it shows. */
export interface Opener extends Gate {
  /** The button's text. */
  label: ReactNode;
  icon?: ReactNode;
  /** "btn" (default), "btn secondary", "btn danger sm"… */
  className?: string;
  /** The button's accessible name when its text alone is ambiguous in a list ("Delete the recording of Standup"). */
  name?: string;
  testId: string;
}

export function OpenerButton({ opener, onOpen }: { opener: Opener; onOpen: () => void }) {
  const { label, className = "btn", name, testId, ...gate } = opener;
  return (
    <GatedButton {...gate} className={className} onClick={onOpen} aria-label={name} data-testid={testId}>
      {label}
    </GatedButton>
  );
}
