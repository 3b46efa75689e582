import type { Metadata } from "next";
import { countOf, DataTable, MainCell } from "@/app/_components/data-table";
import { EmptyState } from "@/app/_components/empty-state";
import { IconRecord } from "@/app/_components/icons";
import { ScopeNote } from "@/app/_components/scope-note";
import { Time } from "@/app/_components/time";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { formatDuration, formatSize } from "@/app/_lib/format-media";
import { RecordingActions } from "@/app/(console)/recordings/recording-actions";
import { getDb } from "@/lib/db";
import { listConsoleRecordings } from "@/lib/recordings/list-console-recordings";

export const metadata: Metadata = { title: "Recordings" };

/** Completed recordings of the org, newest first, each downloadable through a short-lived link. */
export default async function RecordingsPage() {
  const member = await requireConsoleMember();
  const items = await listConsoleRecordings(await getDb(), member.orgId);
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
          <ScopeNote scope="org" />
        </div>
      </div>
      {items.length === 0 ? (
        <EmptyState icon={<IconRecord />} title="No recordings yet">
          Recordings appear here once the media server reports them completed.
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
                <RecordingActions
                  recordingId={r.id}
                  label={`the recording of ${r.room_name}`}
                  memberRole={member.role}
                />
              ),
            },
          ]}
          foot={<span>{countOf(items.length, "recording", "recordings")}</span>}
        />
      )}
    </>
  );
}
