"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { api } from "@/app/_components/api-client";
import { countOf, DataTable } from "@/app/_components/data-table";
import { EmptyState } from "@/app/_components/empty-state";
import { GatedButton } from "@/app/_components/gated-button";
import { IconRefresh, IconSpinner, IconWebhook } from "@/app/_components/icons";
import { LoadMore } from "@/app/_components/load-more";
import { formatAbsolute, formatClock, Time } from "@/app/_components/time";
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

/**
 * Every attempt of one delivery: its outcome, the response, and when it started — to the
 * millisecond, with how long after the event it was, since retries are seconds apart.
 */
function AttemptList({ delivery: d }: { delivery: DeliveryDto }) {
  if (d.attempts.length === 0) return null;
  const created = new Date(d.created_at).getTime();
  return (
    <details className={styles.details}>
      <summary>{countOf(d.attempts.length, "attempt", "attempts")}</summary>
      <table className={styles.attempts} aria-label={`Attempts of ${d.event_id}`}>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Outcome</th>
            <th scope="col">Response</th>
            <th scope="col">Started (UTC)</th>
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
                <time dateTime={a.started_at} title={formatAbsolute(a.started_at)} data-testid="attempt-time">
                  {formatClock(a.started_at)}
                </time>
                <div className="cell-sub">{afterEvent(new Date(a.started_at).getTime() - created)}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** "+0.4 s", "+1 min 10 s", "+2 h 5 min" after the event. */
function afterEvent(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  if (s < 60) return `+${s < 10 ? s.toFixed(1) : Math.round(s)} s after the event`;
  const m = Math.floor(s / 60);
  if (m < 60) return `+${m} min ${Math.round(s % 60)} s after the event`;
  return `+${Math.floor(m / 60)} h ${m % 60} min after the event`;
}
