import styles from "@/app/(console)/webhooks/webhooks.module.css";

const LABEL: Record<string, string> = {
  pending: "Pending",
  succeeded: "Delivered",
  gone: "Gone (410)",
  dead: "Dead-lettered",
  cancelled: "Cancelled",
  retry: "Failed, retried",
};

/** A delivery's (or an attempt's) state, coloured by outcome. */
export function DeliveryStatusBadge({ status }: { status: string }) {
  const tone = status === "retry" ? "pending" : status;
  return (
    <span className={`badge ${styles.status} ${styles[tone] ?? ""}`} data-testid="delivery-status">
      {LABEL[status] ?? status}
    </span>
  );
}

export function EndpointStateBadge({ active }: { active: boolean }) {
  return (
    <span
      className={`badge ${styles.status} ${active ? styles.enabled : styles.disabled}`}
      data-testid="endpoint-state"
    >
      {active ? "Enabled" : "Disabled"}
    </span>
  );
}

export function EventList({ events }: { events: string[] }) {
  return (
    <span className={styles.events}>
      {events.map((e) => (
        <code key={e} className="badge mono">
          {e}
        </code>
      ))}
    </span>
  );
}
