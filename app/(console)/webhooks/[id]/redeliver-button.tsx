"use client";

import { api } from "@/app/_components/api-client";
import { GatedButton } from "@/app/_components/gated-button";
import { IconRefresh } from "@/app/_components/icons/ui";
import { useApiAction } from "@/app/_components/use-api-action";
import { endpointGate } from "@/app/(console)/webhooks/[id]/endpoint-gate";
import type { Role } from "@/lib/auth/roles";

/** A delivery's "Redeliver": sent again with a fresh retry schedule, under the same delivery id. */
export function RedeliverButton({
  endpointId,
  active,
  memberRole,
  delivery: d,
}: {
  endpointId: string;
  active: boolean;
  memberRole: Role;
  delivery: { id: string; event_id: string; event_type: string };
}) {
  const { busy, run } = useApiAction();
  const redeliver = () =>
    run(
      "redeliver",
      () =>
        api(
          `/v1/workspace/webhooks/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(d.id)}/redeliver`,
          { method: "POST" },
        ),
      {
        failure: "Not redelivered",
        success: () => ["Redelivery queued", `${d.event_type} ${d.event_id} starts a fresh retry schedule.`],
      },
    );
  return (
    <GatedButton
      {...endpointGate(memberRole, active, "redeliver")}
      className="btn secondary sm"
      icon={<IconRefresh />}
      busy={busy !== null}
      onClick={redeliver}
      aria-label={`Redeliver ${d.event_id}`}
      data-testid="redeliver"
    >
      Redeliver
    </GatedButton>
  );
}
