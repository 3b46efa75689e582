import Link from "next/link";
import { DataTable } from "@/app/_components/data-table";
import { EmptyState } from "@/app/_components/empty-state";
import { hrefWith } from "@/app/_components/filter-tabs";
import { IconWebhook } from "@/app/_components/icons";
import { Time } from "@/app/_components/time";
import { AttemptList } from "@/app/(console)/webhooks/[id]/attempt-list";
import { RedeliverButton } from "@/app/(console)/webhooks/[id]/endpoint-islands";
import { DeliveryStatusBadge } from "@/app/(console)/webhooks/status-badge";
import type { Role } from "@/lib/auth/roles";
import type { DeliveryDto } from "@/lib/webhooks/delivery-schema";

/**
 * The delivery log, drawn by the server (decision 1385: the page's first load carries only its
 * buttons): newest first, each row with its debugger (attempt-list.tsx) and "Redeliver", paged
 * through the URL (`?cursor=`, keeping the filters) like the console's other long lists. While a
 * delivery of the page is pending the page refreshes itself (page.tsx), so attempts appear as they
 * happen.
 */
export function DeliveryLog({
  endpointId,
  active,
  page,
  path,
  filters,
  cursor,
  pageSize,
  memberRole,
  now,
}: {
  endpointId: string;
  active: boolean;
  page: { items: DeliveryDto[]; next_cursor: string | null };
  /** The endpoint page's path, for the paging links. */
  path: string;
  /** status, event_type, since, until as the URL has them: kept by the paging links. */
  filters: Record<string, string | undefined>;
  /** The page's cursor, when it is not the first. */
  cursor: string | undefined;
  pageSize: number;
  memberRole: Role;
  now: number;
}) {
  const { items } = page;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<IconWebhook />}
        title={
          cursor
            ? "No older deliveries"
            : Object.values(filters).some(Boolean)
              ? "No deliveries match these filters"
              : "No deliveries yet"
        }
        action={
          cursor ? (
            <Link className="btn secondary" href={hrefWith(path, filters)}>
              Newest deliveries
            </Link>
          ) : undefined
        }
      >
        Deliveries appear here when a subscribed event happens, or when you send a test event.
      </EmptyState>
    );
  }
  const live = items.some((d) => d.status === "pending");
  return (
    <DataTable
      label="Deliveries"
      rows={items}
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
              <RedeliverButton
                endpointId={endpointId}
                active={active}
                memberRole={memberRole}
                delivery={{ id: d.id, event_id: d.event_id, event_type: d.event_type }}
              />
            ),
        },
      ]}
      foot={
        <span className="table-foot-row">
          <span data-testid="delivery-count" aria-live="polite">
            {items.length} shown{live ? " · updating live" : ""}
          </span>
          {cursor ? (
            <Link href={hrefWith(path, filters)} data-testid="delivery-count-first">
              First page
            </Link>
          ) : null}
          {page.next_cursor ? (
            <Link
              href={hrefWith(path, { ...filters, cursor: page.next_cursor })}
              data-testid="delivery-count-next"
            >
              Next {pageSize}
            </Link>
          ) : null}
        </span>
      }
    />
  );
}
