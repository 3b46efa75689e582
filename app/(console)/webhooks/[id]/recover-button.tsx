"use client";

import { useState } from "react";
import { GatedButton } from "@/app/_components/gated-button";
import { IconRefresh } from "@/app/_components/icons/ui";
import { lazyComponent, OnceOpened } from "@/app/_components/lazy-dialog";
import { endpointGate } from "@/app/(console)/webhooks/[id]/endpoint-gate";
import type { Role } from "@/lib/auth/roles";

/** The form's code loads when the button is first pressed (the console's first-load JS budget). */
const RecoverDialog = lazyComponent(() =>
  import("@/app/(console)/webhooks/[id]/recover-dialog").then((m) => m.RecoverDialog),
);

/**
 * Bulk recovery (docs/decisions/0944): every dead, skipped or cancelled delivery created in the
 * window starts over, keeping its id; the toast says how many were queued.
 */
export function RecoverButton({
  endpointId,
  active,
  memberRole,
  defaultSince,
}: {
  endpointId: string;
  active: boolean;
  memberRole: Role;
  /** Prefilled start (UTC, `YYYY-MM-DDTHH:mm`): the failing-since time or a day ago. */
  defaultSince: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <GatedButton
        {...endpointGate(memberRole, active, "recover its deliveries")}
        className="btn secondary"
        icon={<IconRefresh />}
        onClick={() => setOpen(true)}
        data-testid="recover-deliveries"
      >
        Recover deliveries
      </GatedButton>
      <OnceOpened open={open}>
        <RecoverDialog
          endpointId={endpointId}
          open={open}
          onClose={() => setOpen(false)}
          defaultSince={defaultSince}
        />
      </OnceOpened>
    </>
  );
}
