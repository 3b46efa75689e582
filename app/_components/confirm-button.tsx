"use client";

import { type ReactNode, useState } from "react";
import type { ApiResult } from "@/app/_components/api-client";
import type { ConfirmDialogProps } from "@/app/_components/confirm-dialog";
import { GatedButton } from "@/app/_components/gated-button";
import { LazyConfirmDialog } from "@/app/_components/lazy-confirm-dialog";
import { type ApiOutcome, useApiAction } from "@/app/_components/use-api-action";
import type { Permission, Role } from "@/lib/auth/roles";

/** What the confirmation says: its title, what will happen, the action's label, red or not. */
export type Ask = Pick<ConfirmDialogProps, "title" | "description" | "action" | "danger" | "testId">;

/**
 * "Delete", "End room", "Rotate secret": a button gated by a permission that asks first
 * (`ConfirmDialog`, loaded when first opened), then calls the API (`useApiAction`: a refusal is a
 * toast, success refreshes the page). The dialog closes when the call returns.
 */
export function ConfirmButton<T>({
  memberRole,
  permission,
  blockedReason,
  className,
  label,
  name,
  testId,
  ask,
  call,
  outcome,
}: {
  memberRole: Role;
  permission: Permission;
  blockedReason?: string | undefined;
  className: string;
  /** The button's text. */
  label: ReactNode;
  /** The button's accessible name when its text alone is ambiguous in a list ("Delete the recording of Standup"). */
  name?: string;
  testId: string;
  ask: Ask;
  call: () => Promise<ApiResult<T>>;
  outcome: ApiOutcome<T>;
}) {
  const [open, setOpen] = useState(false);
  const { busy, run } = useApiAction();
  const close = () => setOpen(false);
  return (
    <>
      <GatedButton
        memberRole={memberRole}
        permission={permission}
        blockedReason={blockedReason}
        className={className}
        onClick={() => setOpen(true)}
        aria-label={name}
        data-testid={testId}
      >
        {label}
      </GatedButton>
      <LazyConfirmDialog
        {...ask}
        open={open}
        busy={busy !== null}
        onConfirm={() => run("confirm", () => call().finally(close), outcome)}
        onCancel={close}
      />
    </>
  );
}
