"use client";

import { api } from "@/app/_components/api-client";
import { ConfirmButton } from "@/app/_components/confirm-button";
import { GatedButton } from "@/app/_components/gated-button";
import { useApiAction } from "@/app/_components/use-api-action";
import type { Role } from "@/lib/auth/roles";
import type { DownloadLink } from "@/lib/recordings/create-download-link";

/**
 * Download and Delete at the end of a recording's row. Download asks for a five-minute link, then
 * lets the browser fetch the file straight from storage (the link carries an attachment
 * disposition, so the page stays put). Delete asks, then deletes the recording and its stored file.
 */
export function RecordingActions({
  recordingId,
  label,
  memberRole,
}: {
  recordingId: string;
  /** "the recording of Standup": names the row for screen readers and the dialog. */
  label: string;
  memberRole: Role;
}) {
  const { busy, run } = useApiAction();
  const path = `/v1/workspace/recordings/${encodeURIComponent(recordingId)}`;
  const download = () =>
    run("download", () => api<DownloadLink>(`${path}/download`, { method: "POST" }), {
      failure: "Download not available",
      success: (link) => ["Download started", link.filename],
      after: (link) => window.location.assign(link.download_url),
      refresh: false,
    });
  return (
    <span className="row-actions">
      <GatedButton
        memberRole={memberRole}
        permission="recordings:download"
        className="btn secondary sm"
        onClick={download}
        busy={busy !== null}
        aria-busy={busy !== null}
        aria-label={`Download ${label}`}
        data-testid="download-recording"
      >
        Download
      </GatedButton>
      <ConfirmButton<null>
        opener={{
          memberRole,
          permission: "recordings:delete",
          label: "Delete",
          className: "btn danger sm",
          name: `Delete ${label}`,
          testId: "delete-recording",
        }}
        ask={{
          title: `Delete ${label}?`,
          description:
            "The file is deleted from storage and download links already shared stop working. This cannot be undone.",
          action: "Delete recording",
          danger: true,
          testId: "confirm-delete-recording",
        }}
        call={() => api(path, { method: "DELETE" })}
        outcome={{
          failure: "Recording not deleted",
          success: () => [
            "Recording deleted",
            "Its file is deleted; download links already shared stop working.",
          ],
        }}
      />
    </span>
  );
}
