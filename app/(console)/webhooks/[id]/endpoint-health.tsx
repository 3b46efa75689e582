import { Time } from "@/app/_components/time";
import { HealthBadge } from "@/app/(console)/webhooks/status-badge";
import styles from "@/app/(console)/webhooks/webhooks.module.css";
import type { WebhookHealthDto } from "@/lib/webhooks/endpoint-schema";

/** Health in full (docs/decisions/0943): since when it fails, the last success, the last error, why disabled. */
export function EndpointHealth({ health, now }: { health: WebhookHealthDto; now: number }) {
  return (
    <section
      className={`card ${styles.health}`}
      aria-labelledby="health-heading"
      data-testid="endpoint-health"
    >
      <h2 id="health-heading" className={styles.healthTitle}>
        Health <HealthBadge health={health} />
      </h2>
      <dl className={styles.meta}>
        {health.status === "disabled" ? (
          <>
            <dt>Disabled</dt>
            <dd data-testid="disabled-reason">
              {health.disabled_at ? <Time iso={health.disabled_at} now={now} /> : null}
              {health.disabled_at ? " — " : null}
              {health.disabled_reason}
            </dd>
          </>
        ) : null}
        {health.failing_since ? (
          <>
            <dt>Failing since</dt>
            <dd data-testid="failing-since">
              <Time iso={health.failing_since} now={now} />
            </dd>
          </>
        ) : null}
        <dt>Last success</dt>
        <dd>{health.last_success_at ? <Time iso={health.last_success_at} now={now} /> : "None yet"}</dd>
        {health.last_error ? (
          <>
            <dt>Last error</dt>
            <dd className="error" data-testid="last-error">
              {health.last_error}
            </dd>
          </>
        ) : null}
      </dl>
      {health.status === "disabled" ? (
        <p className="muted">
          Deliveries made while it is disabled are kept as skipped. Fix the receiver, enable the endpoint,
          then recover the window to send them.
        </p>
      ) : null}
    </section>
  );
}
