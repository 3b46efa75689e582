"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { api } from "@/app/_components/api-client";
import { EmptyState } from "@/app/_components/empty-state";
import { GatedButton } from "@/app/_components/gated-button";
import { IconRefresh, IconSpinner, IconWebhook } from "@/app/_components/icons";
import { Time } from "@/app/_components/time";
import { useToast } from "@/app/_components/toast";
import { type Page, usePagedList } from "@/app/_components/use-paged-list";
import { DeliveryStatusBadge } from "@/app/(console)/webhooks/status-badge";
import styles from "@/app/(console)/webhooks/webhooks.module.css";
import type { Role } from "@/lib/auth/roles";
import type { DeliveryDto } from "@/lib/webhooks/serialize-delivery";

/** While something is pending the page refreshes itself, so attempts appear as they happen. */
const LIVE_REFRESH_MS = 3_000;

export function DeliveryLog({
  endpointId,
  active,
  first,
  status,
  pageSize,
  memberRole,
  now,
}: {
  endpointId: string;
  active: boolean;
  first: Page<DeliveryDto>;
  status: string | undefined;
  pageSize: number;
  memberRole: Role;
  now: number;
}) {
  const router = useRouter();
  const toast = useToast();
  const base = `/v1/workspace/webhooks/${encodeURIComponent(endpointId)}`;
  const list = usePagedList(first, `${base}/deliveries`, { status, limit: String(pageSize) });
  const [busy, setBusy] = useState<string | null>(null);
  const live = list.items.some((d) => d.status === "pending");

  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => router.refresh(), LIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [live, router]);

  async function redeliver(d: DeliveryDto) {
    if (busy) return;
    setBusy(d.id);
    const res = await api(`${base}/deliveries/${encodeURIComponent(d.id)}/redeliver`, { method: "POST" });
    setBusy(null);
    if (!res.ok) return toast.error("Not redelivered", res.problem.detail);
    toast.success("Redelivery queued", `${d.event_type} ${d.event_id} starts a fresh retry schedule.`);
    router.refresh();
  }

  if (list.items.length === 0) {
    return (
      <EmptyState
        icon={<IconWebhook />}
        title={status ? "No deliveries with this status" : "No deliveries yet"}
      >
        Deliveries appear here when a subscribed event happens, or when you send a test event.
      </EmptyState>
    );
  }

  return (
    <div className="table-wrap">
      <table className="responsive" aria-label="Deliveries">
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Last response</th>
            <th scope="col">Created</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((d) => (
            <tr key={d.id} data-testid="delivery-row" data-delivery-id={d.id} data-status={d.status}>
              <td className="primary">
                <div className="cell-main mono">{d.event_type}</div>
                <div className="cell-sub" title="X-SVC-Webhook-Id">
                  {d.event_id}
                </div>
                {d.attempts.length > 0 ? (
                  <details className={styles.details}>
                    <summary>
                      {d.attempts.length} {d.attempts.length === 1 ? "attempt" : "attempts"}
                    </summary>
                    <table className={styles.attempts} aria-label={`Attempts of ${d.event_id}`}>
                      <thead>
                        <tr>
                          <th scope="col">#</th>
                          <th scope="col">Outcome</th>
                          <th scope="col">Response</th>
                          <th scope="col">Time</th>
                        </tr>
                      </thead>
                      <tbody>
                        {d.attempts.map((a) => (
                          <tr key={`${a.attempt}-${a.started_at}`} data-testid="attempt-row">
                            <td>{a.attempt}</td>
                            <td>
                              <DeliveryStatusBadge status={a.outcome} />
                            </td>
                            <td>
                              <div>
                                {a.status_code ?? "no response"} · {a.duration_ms} ms
                              </div>
                              {a.error ? <div className="error">{a.error}</div> : null}
                              {a.response_body ? <pre className={styles.body}>{a.response_body}</pre> : null}
                            </td>
                            <td className="muted">
                              <Time iso={a.started_at} now={now} />
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </details>
                ) : null}
              </td>
              <td data-label="Status">
                <DeliveryStatusBadge status={d.status} />
                {d.next_attempt_at ? (
                  <div className="cell-sub">
                    next <Time iso={d.next_attempt_at} now={now} />
                  </div>
                ) : null}
              </td>
              <td data-label="Attempts">{d.attempt_count}</td>
              <td data-label="Last response" className="muted">
                {d.last_status_code ?? (d.last_error ? <span title={d.last_error}>error</span> : "—")}
              </td>
              <td data-label="Created" className="muted">
                <Time iso={d.created_at} now={now} />
              </td>
              <td data-label="Actions">
                {d.status === "pending" ? null : (
                  <GatedButton
                    memberRole={memberRole}
                    permission="webhooks:write"
                    blockedReason={active ? undefined : "Enable the endpoint to redeliver."}
                    className="btn secondary sm"
                    onClick={() => redeliver(d)}
                    aria-label={`Redeliver ${d.event_id}`}
                    data-testid="redeliver"
                  >
                    {busy === d.id ? <IconSpinner className="spin" /> : <IconRefresh />} Redeliver
                  </GatedButton>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="table-foot">
        <span>
          {list.items.length} shown{live ? " · updating live" : ""}
        </span>
        {list.hasMore ? (
          <button type="button" className="btn secondary sm" onClick={list.loadMore} disabled={list.loading}>
            {list.loading ? <IconSpinner className="spin" /> : null} Load more
          </button>
        ) : null}
      </div>
    </div>
  );
}
