import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState, NotForYourRole } from "@/app/_components/empty-state";
import { IconCard, IconDownload } from "@/app/_components/icons";
import { ScopeNote } from "@/app/_components/scope-note";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { roleList } from "@/app/_lib/role-text";
import { UsageChart } from "@/app/(console)/usage/usage-chart";
import { MonthAgainstMonth, Quotas } from "@/app/(console)/usage/usage-summary";
import { can, rolesWith } from "@/lib/auth/roles";
import { getOrgPlan } from "@/lib/billing/get-plan";
import { getDb } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { listProjects } from "@/lib/projects/list-projects";
import { readUsage } from "@/lib/usage/read-usage";
import { addDays, monthEnd, monthOf, monthStart, utcDay } from "@/lib/usage/usage-days";
import { type ReportedMetric, type UsageDto, usageQuery } from "@/lib/usage/usage-schema";

export const metadata: Metadata = { title: "Usage" };

/** The charts, in the order a bill reads. */
const CHARTS: { metric: ReportedMetric; title: string; unit: string }[] = [
  { metric: "participant_minutes", title: "Participant minutes", unit: "participant minutes" },
  { metric: "publisher_minutes", title: "Publisher minutes", unit: "publisher minutes" },
  { metric: "viewer_minutes", title: "Viewer minutes", unit: "viewer minutes" },
  { metric: "recording_minutes", title: "Recording minutes", unit: "recording minutes" },
  { metric: "recording_bytes", title: "Recorded (MB)", unit: "MB recorded" },
  { metric: "rooms_created", title: "Rooms created", unit: "rooms" },
  { metric: "room_tokens", title: "Room tokens minted", unit: "room tokens" },
  { metric: "webhook_attempts", title: "Webhook attempts", unit: "webhook attempts" },
];

const one = (v: string | string[] | undefined) => (typeof v === "string" && v !== "" ? v : undefined);

/**
 * What the org used (issue 44 item 4), the Billing role's home: this month against the last, the
 * plan's quotas, a chart per metric over a chosen range (a plain GET form: no script), per
 * project, and the range as CSV (/usage/export). Figures come from GET /v1/workspace/usage's code.
 */
export default async function UsagePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const member = await requireConsoleMember();
  if (!can(member.role, "usage:read")) {
    return (
      <NotForYourRole title="Usage" icon={<IconCard />}>
        Usage is for the {roleList(rolesWith("usage:read"))} roles. Your role is {member.role}.
      </NotForYourRole>
    );
  }
  const sp = await searchParams;
  const db = await getDb();
  const now = new Date();
  const today = utcDay(now);
  const projects = (await listProjects(db, member.orgId, { limit: 200 }, member.key?.projectId)).items;
  const asked = usageQuery.safeParse({
    from: one(sp.from),
    to: one(sp.to),
    project_id: one(sp.project),
    granularity: one(sp.granularity),
  });
  let error: string | null = asked.success ? null : asked.error.issues.map((i) => i.message).join("; ");
  const query = asked.success ? asked.data : { granularity: "day" as const };
  let range: UsageDto;
  try {
    range = await readUsage(db, member.orgId, query, now);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    error = err.code === "not_found" ? "That project is not in this organisation." : err.detail;
    range = await readUsage(db, member.orgId, { granularity: "day" }, now);
  }
  const project = range.project_id ?? undefined;
  const lastMonth = monthOf(addDays(monthStart(today), -1));
  const [thisMonth, previous, plan] = await Promise.all([
    readUsage(
      db,
      member.orgId,
      { from: monthStart(today), to: today, project_id: project, granularity: "month" },
      now,
    ),
    readUsage(
      db,
      member.orgId,
      { from: `${lastMonth}-01`, to: monthEnd(lastMonth), project_id: project, granularity: "month" },
      now,
    ),
    getOrgPlan(db, member.orgId),
  ]);
  const used = (u: UsageDto) => Object.values(u.totals).some((v) => v > 0);
  const exportHref = `/usage/export?${new URLSearchParams({
    from: range.from,
    to: range.to,
    granularity: range.granularity,
    ...(project ? { project_id: project } : {}),
  })}`;
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Usage</h1>
          <p>
            What {member.orgName} used, metered from the media servers&apos; joins and leaves: each
            participant&apos;s stay is rounded up to the whole minute and counted on the UTC day it ended.
            Figures trail the rooms by up to a minute. Also at{" "}
            <span className="mono">GET /v1/workspace/usage</span>.
          </p>
          <ScopeNote scope="org" />
        </div>
        <Link className="btn ghost" href={exportHref} prefetch={false} data-testid="usage-export">
          <IconDownload aria-hidden="true" /> Export CSV
        </Link>
      </div>
      <form className="usage-range card" method="get" action="/usage" aria-label="Usage range">
        <label>
          From <input type="date" name="from" defaultValue={range.from} max={today} />
        </label>
        <label>
          To <input type="date" name="to" defaultValue={range.to} />
        </label>
        <label>
          Project
          <select name="project" defaultValue={project ?? ""}>
            <option value="">Every project</option>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Per
          <select name="granularity" defaultValue={range.granularity}>
            <option value="day">day</option>
            <option value="month">month</option>
          </select>
        </label>
        <button type="submit" className="btn sm">
          Show
        </button>
      </form>
      {error ? (
        <p className="form-error" role="alert" data-testid="usage-error">
          {error} Showing this month instead.
        </p>
      ) : null}
      <Quotas quotas={range.quotas} plan={plan} />
      {!used(range) && !used(thisMonth) && !used(previous) ? (
        <EmptyState icon={<IconCard />} title="Nothing used yet">
          Usage appears here once people join rooms: create a room on <Link href="/rooms">Rooms</Link>, mint a
          room token with a project key, and join. Minutes count when a participant leaves.
        </EmptyState>
      ) : (
        <>
          <MonthAgainstMonth thisMonth={thisMonth} lastMonth={previous} />
          <h2 className="usage-section">
            {range.from} to {range.to}, per {range.granularity}
          </h2>
          <div className="usage-charts">
            {CHARTS.map((c) => (
              <UsageChart
                key={c.metric}
                title={c.title}
                unit={c.unit}
                points={
                  c.metric === "recording_bytes"
                    ? range.series[c.metric].map((p) => ({ ...p, value: Math.round(p.value / 1_000_000) }))
                    : range.series[c.metric]
                }
              />
            ))}
          </div>
        </>
      )}
    </>
  );
}
