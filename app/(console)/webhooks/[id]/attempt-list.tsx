import { countOf } from "@/app/_components/data-table";
import { formatClock } from "@/app/_components/time";
import { DeliveryStatusBadge } from "@/app/(console)/webhooks/status-badge";
import styles from "@/app/(console)/webhooks/webhooks.module.css";
import type { DeliveryAttemptDto, DeliveryDto } from "@/lib/webhooks/delivery-schema";

/** What each error class means, in words an operator of the receiver can act on (0945). */
const ERROR_CLASS: Record<string, string> = {
  timeout: "Timed out (no answer within 10 s)",
  tls: "TLS handshake failed",
  dns: "Host name did not resolve",
  refused: "Connection refused",
  reset: "Connection reset",
  redirect: "Redirect (not followed)",
  ssrf_blocked: "Blocked: private address",
  http: "Answered outside 2xx",
  signing: "Could not sign",
  other: "Other error",
};

/**
 * The debugger (docs/decisions/0945): the body as signed, then every attempt as sent and as
 * answered — exact times to the millisecond, headers both ways, status, the first 4 KB of the
 * response, the duration and the error's class. Cards rather than a table, so a phone never scrolls
 * sideways. Drawn by the server, closed (decision 1385): a panel a reader opened stays open while
 * the page refreshes itself (every few seconds while a delivery is pending), because React leaves
 * a `<details>` it drew without `open` as the reader left it and the rows are keyed by delivery.
 */
export function AttemptList({ delivery: d }: { delivery: DeliveryDto }) {
  if (d.attempts.length === 0) return null;
  const created = new Date(d.created_at).getTime();
  return (
    <details className={styles.details} data-testid="delivery-debugger">
      <summary>
        {d.attempts.length === 0
          ? "Request body"
          : `${countOf(d.attempts.length, "attempt", "attempts")} and request`}
      </summary>
      <h4 className={styles.debugHeading}>Request body (as signed and sent)</h4>
      <pre className={styles.raw} data-testid="request-body">
        {pretty(d.request_body)}
      </pre>
      <ol className={styles.attemptCards} aria-label={`Attempts of ${d.event_id}`}>
        {d.attempts.map((a) => (
          <AttemptCard key={`${a.attempt}-${a.started_at}`} attempt={a} created={created} />
        ))}
      </ol>
    </details>
  );
}

function AttemptCard({ attempt: a, created }: { attempt: DeliveryAttemptDto; created: number }) {
  return (
    <li className={styles.attemptCard} data-testid="attempt-row">
      <div className={styles.attemptHead}>
        <strong>Attempt {a.attempt}</strong>
        <DeliveryStatusBadge status={a.outcome} />
        <span>{a.status_code ?? "no response"}</span>
        <span className="muted">{a.duration_ms} ms</span>
        {a.error_class ? (
          <span className="badge" data-testid="error-class" title={a.error_class}>
            {ERROR_CLASS[a.error_class] ?? a.error_class}
          </span>
        ) : null}
      </div>
      <dl className={styles.meta}>
        <dt>Sent</dt>
        <dd>
          <time dateTime={a.started_at} title={a.started_at} data-testid="attempt-time">
            {formatClock(a.started_at)}
          </time>{" "}
          UTC, {a.started_at.slice(0, 10)}{" "}
          <span className="muted">({afterEvent(new Date(a.started_at).getTime() - created)})</span>
        </dd>
        <dt>Finished</dt>
        <dd>
          <time dateTime={a.finished_at}>{formatClock(a.finished_at)} UTC</time>
        </dd>
        {a.error ? (
          <>
            <dt>Error</dt>
            <dd className="error">{a.error}</dd>
          </>
        ) : null}
      </dl>
      <Headers title="Request headers" headers={a.request_headers} testId="request-headers" />
      <Headers title="Response headers" headers={a.response_headers} testId="response-headers" />
      {a.response_body ? (
        <details className={styles.inner}>
          <summary>Response body (first 4 KB)</summary>
          <pre className={styles.raw} data-testid="response-body">
            {a.response_body}
          </pre>
        </details>
      ) : null}
    </li>
  );
}

function Headers({
  title,
  headers,
  testId,
}: {
  title: string;
  headers: Record<string, string> | null;
  testId: string;
}) {
  if (!headers) return null;
  return (
    <details className={styles.inner}>
      <summary>{title}</summary>
      <pre className={styles.raw} data-testid={testId}>
        {Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join("\n")}
      </pre>
    </details>
  );
}

/** The stored body is compact JSON; indent it for reading (the signed bytes are the compact ones). */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** "+0.4 s", "+1 min 10 s", "+2 h 5 min" after the event. */
function afterEvent(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  if (s < 60) return `+${s < 10 ? s.toFixed(1) : Math.round(s)} s after the event`;
  const m = Math.floor(s / 60);
  if (m < 60) return `+${m} min ${Math.round(s % 60)} s after the event`;
  return `+${Math.floor(m / 60)} h ${m % 60} min after the event`;
}
