"use client";

import { useState } from "react";
import type { FormDialogProps } from "@/app/_components/form-dialog";
import { type Opener, OpenerButton } from "@/app/_components/gated-button";
import { IconPlus } from "@/app/_components/icons";
import { LazyFormDialog } from "@/app/_components/lazy-form-dialog";

export type FormDialogButtonProps<T> = Omit<FormDialogProps<T>, "open" | "onClose"> & {
  opener: Opener;
  /** Opens the dialog from elsewhere too ("Create another"); it is the button's own otherwise. */
  open?: boolean;
  setOpen?: (open: boolean) => void;
};

/** How the button looks unless its opener says otherwise: a plus to create, a quieter button to edit. */
const LOOK = {
  POST: { className: "btn", icon: <IconPlus /> },
  PATCH: { className: "btn secondary", icon: null },
} as const;

/**
 * "New project", "Invite", "Edit": a button gated by a permission that opens the one form dialog
 * (loaded when first opened) and closes it on success.
 */
export function FormDialogButton<T>({ opener, onSuccess, ...props }: FormDialogButtonProps<T>) {
  const [own, setOwn] = useState(false);
  const { open = own, setOpen = setOwn, ...dialog } = props;
  return (
    <>
      <OpenerButton opener={{ ...LOOK[props.method ?? "POST"], ...opener }} onOpen={() => setOpen(true)} />
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
