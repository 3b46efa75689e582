"use client";

import { TextField } from "@/app/_components/field";
import type { FormSpec } from "@/app/_components/form-dialog";
import { type FieldErrors, text } from "@/app/_components/form-values";
import { LazyFormDialog } from "@/app/_components/lazy-form-dialog";
import type { Said } from "@/app/_components/use-api-action";

/** `datetime-local` gives "2026-11-23T06:00" without a zone: the console's times are UTC. */
function utc(value: string): string | undefined {
  if (value === "") return undefined;
  const d = new Date(`${value}Z`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

function check(form: FormData): FieldErrors {
  const errors: FieldErrors = {};
  const since = utc(text(form, "since"));
  const until = utc(text(form, "until"));
  if (!since) errors.since = "Choose when the window starts.";
  if (since && until && since >= until) errors.until = "The end must be after the start.";
  return errors;
}

/** An empty end is left out: up to now. */
function body(form: FormData) {
  const until = utc(text(form, "until"));
  return { since: utc(text(form, "since")), ...(until ? { until } : {}) };
}

const queued = ({ queued }: { queued: number }): Said => [
  queued === 1 ? "1 delivery queued" : `${queued} deliveries queued`,
  queued === 0 ? "Nothing in that window needed recovering." : "They appear in the log as pending.",
];

/** The recovery form (a window, UTC); loaded when "Recover deliveries" is first pressed. */
export function RecoverDialog({
  endpointId,
  open,
  onClose,
  defaultSince,
}: {
  endpointId: string;
  open: boolean;
  onClose: () => void;
  defaultSince: string;
}) {
  const recover: FormSpec<{ queued: number }> = {
    title: "Recover failed deliveries",
    description:
      "Every dead-lettered, skipped or cancelled delivery created in this window (UTC) is sent again with its original id and a fresh retry schedule.",
    submitLabel: "Recover",
    busyLabel: "Queuing…",
    submitTestId: "recover-submit",
    failureTitle: "Nothing recovered",
    action: `/v1/workspace/webhooks/${encodeURIComponent(endpointId)}/recover`,
    body,
    check,
    success: queued,
  };
  return (
    <LazyFormDialog<{ queued: number }> open={open} onClose={onClose} onSuccess={onClose} {...recover}>
      <TextField id="since" label="From (UTC)" type="datetime-local" step={1} defaultValue={defaultSince} />
      <TextField
        id="until"
        label="Until (UTC)"
        type="datetime-local"
        step={1}
        optional
        hint="Empty: up to now."
      />
    </LazyFormDialog>
  );
}
