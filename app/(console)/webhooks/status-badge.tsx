import styles from "@/app/(console)/webhooks/webhooks.module.css";
import type { WebhookHealthDto } from "@/lib/webhooks/endpoint-schema";

const LABEL: Record<string, string> = {
  pending: "Pending",
  succeeded: "Delivered",
  gone: "Gone (410)",
  dead: "Dead-lettered",
  cancelled: "Cancelled",
  skipped: "Skipped (disabled)",
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

const HEALTH: Record<WebhookHealthDto["status"], { label: string; tone: string | undefined }> = {
  healthy: { label: "Healthy", tone: styles.enabled },
  failing: { label: "Failing", tone: styles.dead },
  disabled: { label: "Disabled", tone: styles.disabled },
};

/** An endpoint's health (docs/decisions/0943): healthy, failing or disabled, in words and colour. */
export function HealthBadge({ health }: { health: WebhookHealthDto }) {
  const h = HEALTH[health.status];
  return (
    <span
      className={`badge ${styles.status} ${h.tone ?? ""}`}
      data-testid="endpoint-state"
      data-health={health.status}
    >
      {h.label}
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
