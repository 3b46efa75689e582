import { EmptyState } from "@/app/_components/empty-state";
import { IconInbox } from "@/app/_components/icons";
import { Time } from "@/app/_components/time";
import type { InboxMessageDto } from "@/lib/webhooks/inbox/inbox-schema";

const FAILURE_WORDS: Record<string, string> = {
  missing_headers: "a signature header is missing",
  unknown_kid: "no secret of this endpoint has that key id",
  invalid_timestamp: "the timestamp header is not RFC 3339",
  timestamp_out_of_tolerance: "the timestamp is more than 5 minutes off",
  signature_mismatch: "the signature does not match the body",
};

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/**
 * What a test inbox received (docs/decisions/1073): each request's headers, body and whether its
 * signature verified, newest first. Server-rendered; the page refreshes it while open.
 */
export function InboxView({ messages, now }: { messages: InboxMessageDto[]; now: number }) {
  return (
    <section aria-labelledby="inbox-heading" data-testid="inbox">
      <h2 id="inbox-heading">Received</h2>
      <p className="muted">Updates every few seconds while this page is open.</p>
      {messages.length === 0 ? (
        <EmptyState icon={<IconInbox />} title="Nothing received yet">
          The test event sent when the inbox was made arrives within seconds; then every event of the
          organisation does.
        </EmptyState>
      ) : (
        <ol className="inbox-list">
          {messages.map((m) => (
            <li key={m.id} className="card" data-testid="inbox-message">
              <details>
                <summary>
                  <span className="mono">{m.headers["x-svc-webhook-type"] ?? "request"}</span>{" "}
                  {m.signature_verified ? (
                    <span className="badge state-active" data-testid="signature-ok">
                      Signature verified
                    </span>
                  ) : (
                    <span className="badge sig-bad" data-testid="signature-bad">
                      Signature not verified: {FAILURE_WORDS[m.verify_failure ?? ""] ?? m.verify_failure}
                    </span>
                  )}{" "}
                  <span className="muted">
                    <Time iso={m.received_at} now={now} />
                  </span>
                </summary>
                <h3 className="inbox-sub">Headers</h3>
                <dl className="inbox-headers">
                  {Object.entries(m.headers).map(([k, v]) => (
                    <div key={k}>
                      <dt className="mono">{k}</dt>
                      <dd className="mono">{v}</dd>
                    </div>
                  ))}
                </dl>
                <h3 className="inbox-sub">Body</h3>
                <pre
                  className="code-block"
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
                  tabIndex={0}
                >
                  {pretty(m.body)}
                </pre>
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
