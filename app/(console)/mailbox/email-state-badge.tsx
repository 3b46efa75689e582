import { Time } from "@/app/_components/time";

const EMAIL_STATE = {
  queued: { label: "Queued", tone: "pending" },
  sent: { label: "Sent", tone: "ok" },
  failed: { label: "Failed", tone: "bad" },
} as const;

/** An email's state (queued, sent, failed), coloured like the other status badges. */
export function EmailStateBadge({ state, title }: { state: string; title?: string | undefined }) {
  const info = EMAIL_STATE[state as keyof typeof EMAIL_STATE];
  return (
    <span className={`badge status tone-${info?.tone ?? "neutral"}`} title={title} data-testid="email-state">
      <span className="dot" aria-hidden />
      {info?.label ?? state}
    </span>
  );
}

/** When an email went out, or when a queued one will ("goes out in 3 minutes"). */
export function EmailTime({
  email,
  now,
}: {
  email: { state: string; sentAt: Date | null; releaseAt: Date };
  now: number;
}) {
  return (
    <>
      {email.state === "queued" ? "goes out " : ""}
      <Time iso={(email.sentAt ?? email.releaseAt).toISOString()} now={now} />
    </>
  );
}
