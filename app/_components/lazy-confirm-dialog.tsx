"use client";

import type { ConfirmDialogProps } from "@/app/_components/confirm-dialog";
import { lazyComponent, OnceOpened } from "@/app/_components/lazy-dialog";

const Lazy = lazyComponent(() => import("@/app/_components/confirm-dialog").then((m) => m.ConfirmDialog));

/** `ConfirmDialog`, loaded when it first opens (see lazy-dialog.tsx). */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  return (
    <OnceOpened open={props.open}>
      <Lazy {...props} />
    </OnceOpened>
  );
}
