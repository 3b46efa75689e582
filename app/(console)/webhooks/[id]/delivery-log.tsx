"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { api } from "@/app/_components/api-client";
import { DataTable } from "@/app/_components/data-table";
import { EmptyState } from "@/app/_components/empty-state";
import { GatedButton } from "@/app/_components/gated-button";
import { IconWebhook } from "@/app/_components/icons";
import { IconRefresh } from "@/app/_components/icons/ui";
import { lazyClientComponent } from "@/app/_components/lazy-dialog";
import { LoadMore } from "@/app/_components/load-more";
import { Time } from "@/app/_components/time";
import { useApiAction } from "@/app/_components/use-api-action";
import { type Page, usePagedList } from "@/app/_components/use-paged-list";
import { endpointGate } from "@/app/(console)/webhooks/[id]/endpoint-gate";
import { DeliveryStatusBadge } from "@/app/(console)/webhooks/status-badge";
import type { Role } from "@/lib/auth/roles";
import type { DeliveryDto } from "@/lib/webhooks/delivery-schema";

/**
 * The debugger sits in a closed <details>: its code loads after the page, not with it (the
 * console's first-load JS budget).
 */
const AttemptList = lazyClientComponent(() =>
  import("@/app/(console)/webhooks/[id]/attempt-list").then((m) => m.AttemptList),
);

/** While something is pending the page refreshes itself, so attempts appear as they happen. */
const LIVE_REFRESH_MS = 3_000;

export function DeliveryLog({
  endpointId,
  active,
  first,
  filters,
  pageSize,
  memberRole,
  now,
}: {
  endpointId: string;
  active: boolean;
  first: Page<DeliveryDto>;
  /** status, event_type, since, until: the page's filters, passed on to "Load more". */
  filters: Record<string, string | undefined>;
  pageSize: number;
  memberRole: Role;
  now: number;
}) {
  const router = useRouter();
  const { busy, run } = useApiAction();
  const base = `/v1/workspace/webhooks/${encodeURIComponent(endpointId)}`;
  const list = usePagedList(first, `${base}/deliveries`, { ...filters, limit: String(pageSize) });
  const live = list.items.some((d) => d.status === "pending");

  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => router.refresh(), LIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [live, router]);

  const redeliver = (d: DeliveryDto) =>
    run(d.id, () => api(`${base}/deliveries/${encodeURIComponent(d.id)}/redeliver`, { method: "POST" }), {
      failure: "Not redelivered",
      success: () => ["Redelivery queued", `${d.event_type} ${d.event_id} starts a fresh retry schedule.`],
    });

  if (list.items.length === 0) {
    return (
      <EmptyState
        icon={<IconWebhook />}
        title={
          Object.values(filters).some(Boolean) ? "No deliveries match these filters" : "No deliveries yet"
        }
      >
        Deliveries appear here when a subscribed event happens, or when you send a test event.
      </EmptyState>
    );
  }

  return (
    <DataTable
      label="Deliveries"
      rows={list.items}
      rowKey={(d) => d.id}
      rowAttributes={(d) => ({
        "data-testid": "delivery-row",
        "data-delivery-id": d.id,
        "data-status": d.status,
      })}
      columns={[
        {
          header: "Event",
          primary: true,
          cell: (d) => (
            <>
              <div className="cell-main mono">{d.event_type}</div>
              <div className="cell-sub" title="X-SVC-Webhook-Id">
                {d.event_id}
              </div>
              <AttemptList delivery={d} />
            </>
          ),
        },
        {
          header: "Status",
          cell: (d) => (
            <>
              <DeliveryStatusBadge status={d.status} />
              {d.next_attempt_at ? (
                <div className="cell-sub">
                  next <Time iso={d.next_attempt_at} now={now} />
                </div>
              ) : null}
            </>
          ),
        },
        { header: "Attempts", cell: (d) => d.attempt_count },
        {
          header: "Last response",
          className: "muted",
          cell: (d) => d.last_status_code ?? (d.last_error ? <span title={d.last_error}>error</span> : "—"),
        },
        { header: "Created", className: "muted", cell: (d) => <Time iso={d.created_at} now={now} /> },
        {
          header: "Actions",
          srOnly: true,
          cell: (d) =>
            d.status === "pending" ? null : (
              <GatedButton
                {...endpointGate(memberRole, active, "redeliver")}
                className="btn secondary sm"
                icon={<IconRefresh />}
                busy={busy === d.id}
                onClick={() => redeliver(d)}
                aria-label={`Redeliver ${d.event_id}`}
                data-testid="redeliver"
              >
                Redeliver
              </GatedButton>
            ),
        },
      ]}
      foot={
        <>
          <span>
            {list.items.length} shown{live ? " · updating live" : ""}
          </span>
          <LoadMore list={list} />
        </>
      }
    />
  );
}
