import type { Metadata } from "next";
import { EmptyState } from "@/app/_components/empty-state";
import { IconRecord } from "@/app/_components/icons";
import { Time } from "@/app/_components/time";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { DownloadButton } from "@/app/(console)/recordings/download-button";
import { getDb } from "@/lib/db";
import { listConsoleRecordings } from "@/lib/recordings/list-console-recordings";

export const metadata: Metadata = { title: "Recordings" };

function duration(sec: number): string {
  const h = Math.floor(sec / 3600);
  const m = Math.floor((sec % 3600) / 60);
  const s = sec % 60;
  const mm = String(m).padStart(h > 0 ? 2 : 1, "0");
  return `${h > 0 ? `${h}:` : ""}${mm}:${String(s).padStart(2, "0")}`;
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}

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
        </div>
      </div>
      {items.length === 0 ? (
        <EmptyState icon={<IconRecord />} title="No recordings yet">
          Recordings appear here once the media server reports them completed.
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="responsive" aria-label="Recordings">
            <thead>
              <tr>
                <th scope="col">Room</th>
                <th scope="col">Project</th>
                <th scope="col">Started</th>
                <th scope="col">Duration</th>
                <th scope="col">Size</th>
                <th scope="col">
                  <span className="sr-only">Download</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <tr key={r.id} data-testid="recording-row" data-recording-id={r.id}>
                  <td className="primary">
                    <div className="cell-main">{r.room_name}</div>
                    <div className="cell-sub">
                      {r.room_short_code} · {r.id}
                    </div>
                  </td>
                  <td data-label="Project">{r.project_name}</td>
                  <td data-label="Started" className="muted">
                    <Time iso={r.started_at} now={now} />
                  </td>
                  <td data-label="Duration" className="mono">
                    {duration(r.duration_sec)}
                  </td>
                  <td data-label="Size" className="muted">
                    {size(r.size_bytes)}
                  </td>
                  <td data-label="Download">
                    <DownloadButton
                      recordingId={r.id}
                      label={`the recording of ${r.room_name}`}
                      memberRole={member.role}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="table-foot">
            <span>
              {items.length} {items.length === 1 ? "recording" : "recordings"}
            </span>
          </div>
        </div>
      )}
    </>
  );
}
