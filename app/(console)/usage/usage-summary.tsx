import type { QuotaDto, UsageDto } from "@/lib/usage/usage-schema";

const n = (v: number) => v.toLocaleString("en-GB");

/** The metrics compared month against month at the top of the page. */
const HEADLINE = [
  ["participant_minutes", "Participant minutes"],
  ["recording_minutes", "Recording minutes"],
  ["room_tokens", "Room tokens"],
  ["rooms_created", "Rooms created"],
] as const;

function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? "no change" : "new this month";
  const pct = Math.round(((now - before) / before) * 100);
  return `${pct >= 0 ? "+" : ""}${pct} % against last month`;
}

/** This month so far against the whole of last month (UTC months, org-wide or one project). */
export function MonthAgainstMonth({ thisMonth, lastMonth }: { thisMonth: UsageDto; lastMonth: UsageDto }) {
  return (
    <div className="figures" data-testid="usage-months">
      {HEADLINE.map(([metric, title]) => (
        <section key={metric} className="card figure" aria-label={title}>
          <h2 className="figure-title">{title}</h2>
          <div className="figure-value">{n(thisMonth.totals[metric])}</div>
          <p className="figure-sub">
            This month so far; last month {n(lastMonth.totals[metric])} (
            {change(thisMonth.totals[metric], lastMonth.totals[metric])}).
          </p>
        </section>
      ))}
    </div>
  );
}

const QUOTA_LABEL = {
  participant_minutes: "Participant minutes",
  recording_minutes: "Recording minutes",
} as const;

/** Use against the plan's included quotas this month (cloud mode). */
export function Quotas({ quotas, plan }: { quotas: QuotaDto[]; plan: string | null }) {
  if (quotas.length === 0) return null;
  return (
    <section className="card usage-quotas" data-testid="usage-quotas" aria-label="Plan quotas">
      <h2>Included in the {plan ?? ""} plan this month</h2>
      {quotas.map((q) => {
        const pct = Math.min(100, q.percent);
        const level = q.percent >= 100 ? "over" : q.percent >= 80 ? "near" : "ok";
        return (
          <div key={q.metric} className="usage-quota">
            <div className="usage-quota-head">
              <span>{QUOTA_LABEL[q.metric]}</span>
              <span className="mono">
                {n(q.used)} of {n(q.included)} ({q.percent} %)
              </span>
            </div>
            <meter
              className={`usage-meter ${level}`}
              aria-label={`${QUOTA_LABEL[q.metric]} used`}
              min={0}
              max={q.included}
              low={q.included * 0.8}
              high={q.included}
              optimum={0}
              value={Math.min(q.used, q.included)}
            >
              {pct} %
            </meter>
          </div>
        );
      })}
      <p className="muted">
        Owners and Billing members get an email at 80 % and 100 %. Meetings never stop; on the starter plan a
        new recording waits for next month once its recording minutes are used.
      </p>
    </section>
  );
}
