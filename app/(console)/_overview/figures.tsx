import Link from "next/link";
import type { ReactNode } from "react";
import { SparkBars } from "@/app/_components/spark-bars";
import type { OrgInsights } from "@/lib/insights/load-org-insights";

const n = (v: number) => v.toLocaleString("en-GB");
const sum = (vs: number[]) => vs.reduce((a, b) => a + b, 0);

function Figure({
  title,
  value,
  testId,
  children,
  href,
}: {
  title: string;
  value: ReactNode;
  testId: string;
  children?: ReactNode;
  href?: string;
}) {
  return (
    <section className="card figure" data-testid={testId} aria-label={title}>
      <h2 className="figure-title">{href ? <Link href={href}>{title}</Link> : title}</h2>
      <div className="figure-value">{value}</div>
      {children}
    </section>
  );
}

/** The org's live figures with a 7-day chart each (lib/insights). */
export function Figures({ insights }: { insights: OrgInsights }) {
  const { rooms, activity, days } = insights;
  const d = activity.deliveries24h;
  return (
    <div className="figures">
      <Figure
        title="Rooms"
        href="/rooms"
        testId="figure-rooms"
        value={n(rooms.byState.created + rooms.byState.active + rooms.byState.ended)}
      >
        <p className="figure-sub">
          <span data-testid="rooms-active">{n(rooms.byState.active)} active</span> ·{" "}
          {n(rooms.byState.created)} not started · {n(rooms.byState.ended)} ended
        </p>
        <SparkBars label="Rooms created per day" days={days} values={rooms.createdPerDay} unit="created" />
      </Figure>
      <Figure title="Participants now" testId="figure-participants" value={n(rooms.participantsNow)}>
        <p className="figure-sub">
          In {n(rooms.byState.active)} active {rooms.byState.active === 1 ? "room" : "rooms"}, as the media
          servers report them.
        </p>
      </Figure>
      <Figure
        title="Recordings"
        href="/recordings"
        testId="figure-recordings"
        value={n(sum(activity.perDay.recordings))}
      >
        <p className="figure-sub">Completed in the last 7 days.</p>
        <SparkBars
          label="Recordings per day"
          days={days}
          values={activity.perDay.recordings}
          unit="recordings"
        />
      </Figure>
      <Figure title="Webhook deliveries, 24 h" href="/webhooks" testId="figure-deliveries" value={n(d.total)}>
        <p className="figure-sub" data-testid="deliveries-breakdown">
          {n(d.succeeded)} succeeded · <span data-testid="deliveries-retrying">{n(d.retrying)} retrying</span>{" "}
          · {n(d.waiting)} not tried yet · {n(d.failed)} failed
        </p>
        <p className="figure-sub">
          {d.successRate !== null
            ? `${(d.successRate * 100).toFixed(1)} % of finished deliveries succeeded`
            : d.total > 0
              ? "None finished yet (still being tried)"
              : "No deliveries"}{" "}
          · {d.p95Ms === null ? "no responses yet" : `p95 response ${n(d.p95Ms)} ms`}
        </p>
        {activity.failingEndpoints > 0 ? (
          <p className="figure-sub figure-bad" data-testid="endpoints-failing">
            {n(activity.failingEndpoints)} {activity.failingEndpoints === 1 ? "endpoint is" : "endpoints are"}{" "}
            failing now
          </p>
        ) : null}
        <SparkBars
          label="Webhook deliveries per day"
          days={days}
          values={activity.perDay.delivered}
          extra={activity.perDay.failed}
          unit="delivered"
          extraUnit="failed"
        />
      </Figure>
      <Figure
        title="Dead letters"
        href="/webhooks"
        testId="figure-dead"
        value={
          <span className={activity.deadLetters > 0 ? "figure-bad" : undefined}>
            {n(activity.deadLetters)}
          </span>
        }
      >
        <p className="figure-sub">
          Deliveries that ran out of retries in the last 7 days. Redeliver them from the endpoint&apos;s page.
        </p>
      </Figure>
      <Figure
        title="Room invitation emails"
        href="/mailbox"
        testId="figure-emails"
        value={n(activity.emails.sentToday)}
      >
        <p className="figure-sub">
          Sent today · <span data-testid="emails-queued">{n(activity.emails.queued)} queued</span>. Account
          emails and endpoint notices are not counted; the mailbox lists every email.
        </p>
        <SparkBars
          label="Room invitation emails sent per day"
          days={days}
          values={activity.perDay.emailsSent}
          unit="sent"
        />
      </Figure>
    </div>
  );
}
