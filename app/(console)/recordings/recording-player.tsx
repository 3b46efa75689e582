"use client";

import { useState } from "react";
import { api } from "@/app/_components/api-client";
import { Dialog } from "@/app/_components/dialog";
import { GatedButton } from "@/app/_components/gated-button";
import { useApiAction } from "@/app/_components/use-api-action";
import type { Role } from "@/lib/auth/roles";
import type { DownloadLink } from "@/lib/recordings/create-download-link";

/**
 * Play, beside Download (issue 35, docs/recordings.md): the recording plays in the page, its
 * source the same five-minute presigned link a download uses (the bytes come from storage, with
 * Range requests for seeking; the page's media-src allows storage: docs/decisions/1084).
 */
export function RecordingPlayer({
  recordingId,
  label,
  memberRole,
}: {
  recordingId: string;
  label: string;
  memberRole: Role;
}) {
  const { busy, run } = useApiAction();
  const [link, setLink] = useState<DownloadLink | null>(null);
  const play = () =>
    run(
      "play",
      () =>
        api<DownloadLink>(`/v1/workspace/recordings/${encodeURIComponent(recordingId)}/download`, {
          method: "POST",
        }),
      { failure: "Recording cannot be played", after: setLink, refresh: false },
    );
  return (
    <>
      <GatedButton
        memberRole={memberRole}
        permission="recordings:download"
        className="btn secondary sm"
        onClick={play}
        busy={busy !== null}
        aria-label={`Play ${label}`}
        data-testid="play-recording"
      >
        Play
      </GatedButton>
      <Dialog open={link !== null} onClose={() => setLink(null)} title={`Playing ${label}`} wide>
        {link ? (
          // biome-ignore lint/a11y/useMediaCaption: recordings of calls have no caption track to offer.
          <video
            src={link.download_url}
            controls
            autoPlay
            playsInline
            style={{ width: "100%", maxHeight: "70vh", background: "#000" }}
            data-testid="recording-video"
          />
        ) : null}
      </Dialog>
    </>
  );
}
