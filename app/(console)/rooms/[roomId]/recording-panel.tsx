"use client";

import { useEffect, useState } from "react";
import { api } from "@/app/_components/api-client";
import { GatedButton, gateReason } from "@/app/_components/gated-button";
import { IconRecord } from "@/app/_components/icons";
import { useApiAction } from "@/app/_components/use-api-action";
import { formatDuration } from "@/app/_lib/format-media";
import type { Role } from "@/lib/auth/roles";
import type { RecordingDto } from "@/lib/recordings/recording-schema";
import type { RoomRecordingStatus } from "@/lib/recordings/room-recording-status";

/** Seconds since `iso`, ticking every second while the panel is open. */
function useElapsed(iso: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [iso]);
  return iso ? Math.max(0, Math.floor((now - Date.parse(iso)) / 1000)) : 0;
}

/**
 * The room page's recording controls (issue 35, docs/recordings.md): Start and Stop for the roles
 * that hold `recordings:record` (Owner, Admin, Developer), disabled with the reason otherwise (the
 * role, or the room: off, not active, ended, no media server); the recording in progress with its
 * elapsed time; the latest failure's reason. The API decides; this only asks it.
 */
export function RecordingPanel({
  roomId,
  memberRole,
  status,
  startBlocked,
}: {
  roomId: string;
  memberRole: Role;
  status: RoomRecordingStatus;
  /** Why a recording cannot start now, besides the role (undefined: it can). */
  startBlocked: string | undefined;
}) {
  const { busy, run } = useApiAction();
  const current = status.current;
  const elapsed = useElapsed(current && !current.stopping ? current.started_at : undefined);
  const base = `/v1/workspace/rooms/${encodeURIComponent(roomId)}/recordings`;
  const start = () =>
    run("start", () => api<RecordingDto>(base, { method: "POST" }), {
      failure: "Recording not started",
      success: () => ["Recording requested", "It starts when the media server confirms."],
    });
  const stop = (id: string) =>
    run("stop", () => api<RecordingDto>(`${base}/${encodeURIComponent(id)}/stop`, { method: "POST" }), {
      failure: "Recording not stopped",
      success: () => ["Recording stopped", "The file is processed and appears below when ready."],
    });
  const reason = gateReason({ memberRole, permission: "recordings:record", blockedReason: startBlocked });

  return (
    <section className="card" aria-labelledby="recording-heading" data-testid="recording-panel">
      <div className="section-head">
        <h2 id="recording-heading">Recording</h2>
        {current && !current.stopping ? (
          <GatedButton
            memberRole={memberRole}
            permission="recordings:record"
            className="btn danger"
            onClick={() => stop(current.id)}
            busy={busy === "stop"}
            data-testid="stop-recording"
          >
            Stop recording
          </GatedButton>
        ) : (
          <GatedButton
            memberRole={memberRole}
            permission="recordings:record"
            blockedReason={current ? "The last recording is still being processed." : startBlocked}
            className="btn"
            icon={<IconRecord />}
            onClick={start}
            busy={busy === "start"}
            data-testid="start-recording"
          >
            Start recording
          </GatedButton>
        )}
      </div>
      <p className="muted" data-testid="recording-status" aria-live="polite">
        {current
          ? current.stopping
            ? "Stopped: the file is being processed; it appears under Recordings when ready."
            : current.state === "recording"
              ? "Starting: waiting for the media server to confirm."
              : `Recording · ${formatDuration(elapsed)}`
          : reason
            ? `Not recording. ${reason}`
            : "Not recording. Start records the room into one video file."}
      </p>
      {status.lastFailure && !current ? (
        <p className="warn-text" data-testid="recording-failure">
          The last recording failed{status.lastFailure.reason ? `: ${status.lastFailure.reason}` : "."}
        </p>
      ) : null}
    </section>
  );
}
