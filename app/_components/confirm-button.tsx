"use client";

import { useState } from "react";
import type { ApiResult } from "@/app/_components/api-client";
import type { ConfirmDialogProps } from "@/app/_components/confirm-dialog";
import { type Opener, OpenerButton } from "@/app/_components/gated-button";
import { LazyConfirmDialog } from "@/app/_components/lazy-confirm-dialog";
import { type ApiOutcome, useApiAction } from "@/app/_components/use-api-action";

/** What the confirmation says: its title, what will happen, the action's label, red or not. */
export type Ask = Pick<ConfirmDialogProps, "title" | "description" | "action" | "danger" | "testId">;

/**
 * "Delete", "End room", "Rotate secret": a button gated by a permission that asks first
 * (`ConfirmDialog`, loaded when first opened), then calls the API (`useApiAction`: a refusal is a
 * toast, success refreshes the page). The dialog closes when the call returns.
 */
export function ConfirmButton<T>({
  opener,
  ask,
  call,
  outcome,
}: {
  opener: Opener;
  ask: Ask;
  call: () => Promise<ApiResult<T>>;
  outcome: ApiOutcome<T>;
}) {
  const [open, setOpen] = useState(false);
  const { busy, run } = useApiAction();
  const close = () => setOpen(false);
  return (
    <>
      <OpenerButton opener={opener} onOpen={() => setOpen(true)} />
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
