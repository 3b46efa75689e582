import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { DataTable, MainCell } from "@/app/_components/data-table";
import { EmptyState } from "@/app/_components/empty-state";
import { hrefWith } from "@/app/_components/filter-tabs";
import { IconRecord } from "@/app/_components/icons";
import { ListCount } from "@/app/_components/list-count";
import { ScopeNote } from "@/app/_components/scope-note";
import { SearchForm } from "@/app/_components/search-form";
import { Time } from "@/app/_components/time";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { CURRENT_PROJECT_COOKIE, projectFilter } from "@/app/_lib/current-project";
import { formatDuration, formatSize } from "@/app/_lib/format-media";
import { RecordingActions } from "@/app/(console)/recordings/recording-actions";
import { RecordingPlayer } from "@/app/(console)/recordings/recording-player";
import { getDb } from "@/lib/db";
import { listProjects } from "@/lib/projects/list-projects";
import { countConsoleRecordings, listConsoleRecordings } from "@/lib/recordings/list-console-recordings";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const one = (v: string | string[] | undefined) => (typeof v === "string" && v.trim() ? v.trim() : undefined);

/** A `YYYY-MM-DD` from the form as the UTC instant it starts; anything else is ignored. */
function day(v: string | undefined, plusDays = 0): Date | undefined {
  if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return undefined;
  const d = new Date(`${v}T00:00:00.000Z`);
  if (Number.isNaN(d.getTime())) return undefined;
  return new Date(d.getTime() + plusDays * 86_400_000);
}

/** An ISO instant from a "next page" link; anything else is ignored. */
function instant(v: string | undefined): Date | undefined {
  if (!v) return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

export const metadata: Metadata = { title: "Recordings" };

/** Completed recordings of the org, newest first, each downloadable through a short-lived link. */
export default async function RecordingsPage({ searchParams }: { searchParams: SearchParams }) {
  const member = await requireConsoleMember();
  const sp = await searchParams;
  const db = await getDb();
  const projects = await listProjects(db, member.orgId, { limit: 200 });
  const project = projectFilter(projects.items, (await cookies()).get(CURRENT_PROJECT_COOKIE)?.value);
  const room = one(sp.room)?.slice(0, 200);
  const from = one(sp.from);
  const to = one(sp.to);
  const before = one(sp.before);
  // "to" is a whole day: recordings started before the next day's start.
  const toEnd = day(to, 1);
  const page = instant(before);
  const until = page && toEnd ? new Date(Math.min(page.getTime(), toEnd.getTime())) : (page ?? toEnd);
  const filters = { projectId: project?.id, room, since: day(from) };
  const [{ items, nextUntil }, total] = await Promise.all([
    listConsoleRecordings(db, member.orgId, { ...filters, until }),
    // Every page together: the date range's end, not this page's position.
    countConsoleRecordings(db, member.orgId, { ...filters, until: toEnd }),
  ]);
  const filtered = Boolean(room || from || to);
  // A project selected and none of its own: say whether the org has recordings elsewhere, so "none
  // yet" is not read as the organisation's answer (issue 49).
  const elsewhere =
    items.length === 0 && project && !filtered && !before
      ? (await listConsoleRecordings(db, member.orgId, {}, 1)).items.length > 0
      : false;
  const now = Date.now();
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Recordings</h1>
          <p>
            Completed recordings across every project. Downloads come straight from storage through a link
            valid five minutes.
          </p>
          <ScopeNote scope="project" project={project?.name} />
        </div>
      </div>
      <div className="toolbar">
        <SearchForm
          path="/recordings"
          label="Filter recordings"
          testId="recording-filters"
          fields={[
            { name: "room", label: "Room (name, share code or id)", value: room, placeholder: "Standup" },
            { name: "from", label: "Started from", type: "date", value: from },
            { name: "to", label: "Started until (inclusive)", type: "date", value: to },
          ]}
        />
        {filtered ? (
          <Link href="/recordings" className="btn ghost">
            Clear filters
          </Link>
        ) : null}
      </div>
      {items.length === 0 ? (
        <EmptyState
          icon={<IconRecord />}
          title={
            filtered || before
              ? "No recordings match these filters"
              : project
                ? `No recordings in ${project.name} yet`
                : "No recordings yet"
          }
        >
          {filtered ? (
            "Try another room or a wider date range."
          ) : elsewhere ? (
            <span data-testid="recordings-elsewhere">
              The organisation has recordings in other projects: choose <strong>All projects</strong> in the
              sidebar&apos;s project switcher to see them.
            </span>
          ) : (
            "Recordings appear here once the media server reports them completed."
          )}
        </EmptyState>
      ) : (
        <DataTable
          label="Recordings"
          rows={items}
          rowKey={(r) => r.id}
          rowAttributes={(r) => ({ "data-testid": "recording-row", "data-recording-id": r.id })}
          columns={[
            {
              header: "Room",
              primary: true,
              cell: (r) => <MainCell main={r.room_name} sub={`${r.room_short_code} · ${r.id}`} />,
            },
            { header: "Project", cell: (r) => r.project_name },
            { header: "Started", className: "muted", cell: (r) => <Time iso={r.started_at} now={now} /> },
            { header: "Duration", className: "mono", cell: (r) => formatDuration(r.duration_sec) },
            { header: "Size", className: "muted", cell: (r) => formatSize(r.size_bytes) },
            {
              header: "Actions",
              srOnly: true,
              cell: (r) => (
                <span className="row-actions">
                  <RecordingPlayer
                    recordingId={r.id}
                    label={`the recording of ${r.room_name}`}
                    memberRole={member.role}
                  />
                  <RecordingActions
                    recordingId={r.id}
                    label={`the recording of ${r.room_name}`}
                    memberRole={member.role}
                  />
                </span>
              ),
            },
          ]}
          foot={
            <>
              <ListCount
                shown={items.length}
                total={total}
                one="recording"
                many="recordings"
                testId="recording-count"
              />
              {nextUntil ? (
                <Link
                  className="btn secondary sm"
                  href={hrefWith("/recordings", { room, from, to, before: nextUntil })}
                  data-testid="older-recordings"
                >
                  Older recordings
                </Link>
              ) : null}
            </>
          }
        />
      )}
    </>
  );
}
