"use client";

import { type ReactNode, useState } from "react";
import type { FormDialogProps } from "@/app/_components/form-dialog";
import { GatedButton } from "@/app/_components/gated-button";
import { IconPlus } from "@/app/_components/icons";
import { LazyFormDialog } from "@/app/_components/lazy-form-dialog";
import type { Permission, Role } from "@/lib/auth/roles";

export type FormDialogButtonProps<T> = Omit<FormDialogProps<T>, "open" | "onClose"> & {
  memberRole: Role;
  permission: Permission;
  blockedReason?: string | undefined;
  /** The button's text ("New project", "Invite", "Edit"). */
  label: ReactNode;
  /** Before the text: a plus (default) for the buttons that create something. */
  icon?: ReactNode;
  /** The button's classes: "btn" (default), "btn secondary"… */
  className?: string;
  testId: string;
  /** Opens the dialog from elsewhere too ("Create another"); it is the button's own otherwise. */
  open?: boolean;
  setOpen?: (open: boolean) => void;
};

/**
 * "New project", "Invite", "Edit": a button gated by a permission that opens the one form dialog
 * (loaded when first opened) and closes it on success.
 */
export function FormDialogButton<T>({
  memberRole,
  permission,
  blockedReason,
  label,
  icon = <IconPlus />,
  className = "btn",
  testId,
  onSuccess,
  ...props
}: FormDialogButtonProps<T>) {
  const [own, setOwn] = useState(false);
  const { open = own, setOpen = setOwn, ...dialog } = props;
  return (
    <>
      <GatedButton
        memberRole={memberRole}
        permission={permission}
        blockedReason={blockedReason}
        className={className}
        icon={icon}
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        {label}
      </GatedButton>
      <LazyFormDialog<T>
        {...dialog}
        open={open}
        onClose={() => setOpen(false)}
        onSuccess={(data) => {
          setOpen(false);
          onSuccess?.(data);
        }}
      />
    </>
  );
}
