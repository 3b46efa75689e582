"use client";

import type { ComponentType } from "react";
import type { FormDialogProps } from "@/app/_components/form-dialog";
import { lazyComponent, OnceOpened } from "@/app/_components/lazy-dialog";

const Lazy = lazyComponent(() =>
  import("@/app/_components/form-dialog").then(
    // The generic component, loaded through a non-generic boundary; LazyFormDialog restores T.
    (m) => m.FormDialog as ComponentType<FormDialogProps<unknown>>,
  ),
);

/** `FormDialog`, loaded when it first opens (see lazy-dialog.tsx). */
export function LazyFormDialog<T>(props: FormDialogProps<T>) {
  return (
    <OnceOpened open={props.open}>
      <Lazy {...(props as unknown as FormDialogProps<unknown>)} />
    </OnceOpened>
  );
}
