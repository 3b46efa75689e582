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
  /** The button's text ("New project", "Invite"); a plus icon goes before it. */
  label: ReactNode;
  testId: string;
};

/**
 * "New project", "Invite", "New API key": a button gated by a permission that opens the one form
 * dialog (loaded when first opened) and closes it after `onSuccess`.
 */
export function FormDialogButton<T>({
  memberRole,
  permission,
  blockedReason,
  label,
  testId,
  onSuccess,
  ...dialog
}: FormDialogButtonProps<T>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <GatedButton
        memberRole={memberRole}
        permission={permission}
        blockedReason={blockedReason}
        className="btn"
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        <IconPlus /> {label}
      </GatedButton>
      <LazyFormDialog<T>
        {...dialog}
        open={open}
        onClose={() => setOpen(false)}
        onSuccess={(data) => {
          setOpen(false);
          onSuccess(data);
        }}
      />
    </>
  );
}
