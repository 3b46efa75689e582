"use client";

import type { ReactNode } from "react";
import { Dialog } from "@/app/_components/dialog";
import { IconSpinner } from "@/app/_components/icons/ui";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  /** The confirm button's label ("Revoke key"). */
  action: string;
  danger?: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}

/**
 * "Rotate this key?", "Delete this endpoint?": what will happen, Cancel, and the action (red when
 * it destroys something). Escape and Cancel do nothing while the action runs.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  action,
  danger,
  busy,
  onConfirm,
  onCancel,
  testId,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={() => (busy ? undefined : onCancel())}
      title={title}
      description={description}
    >
      <div className="form-actions">
        <button type="button" className="btn secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className={danger ? "btn danger" : "btn"}
          onClick={onConfirm}
          disabled={busy}
          data-testid={testId}
        >
          {busy ? <IconSpinner className="spin" /> : null}
          {action}
        </button>
      </div>
    </Dialog>
  );
}
