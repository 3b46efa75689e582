"use client";

import { useEffect, useRef, useState } from "react";
import { api } from "@/app/_components/api-client";
import { Dialog } from "@/app/_components/dialog";
import { GatedButton } from "@/app/_components/gated-button";
import { useApiAction } from "@/app/_components/use-api-action";
import type { Role } from "@/lib/auth/roles";
import type { DownloadLink } from "@/lib/recordings/create-download-link";

/**
 * Play, beside Download (issue 35, docs/recordings.md): the recording plays in the page from
 * storage. Its HLS rendition through hls.js where the browser has Media Source Extensions (the
 * playlist from the API, its media from storage: docs/decisions/1247); else, or while the rendition
 * is not ready, the MP4 itself through the same five-minute presigned link a download uses (Safari
 * plays H.264 MP4 natively: docs/decisions/1246). The page's CSP allows storage (1084).
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
        {link ? <Player recordingId={recordingId} mp4Url={link.download_url} /> : null}
      </Dialog>
    </>
  );
}

/** HLS through hls.js when it can; the MP4 otherwise, or when the HLS rendition fails or is not ready. */
function Player({ recordingId, mp4Url }: { recordingId: string; mp4Url: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [source, setSource] = useState<"hls" | "mp4" | null>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let cancelled = false;
    let destroy = () => {};
    const mp4 = () => {
      destroy();
      if (cancelled) return;
      video.src = mp4Url;
      setSource("mp4");
    };
    void import("hls.js")
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) return mp4();
        const hls = new Hls();
        destroy = () => hls.destroy();
        hls.on(Hls.Events.ERROR, (_e, data) => {
          if (data.fatal) mp4();
        });
        hls.on(Hls.Events.MANIFEST_PARSED, () => setSource("hls"));
        hls.loadSource(`/v1/workspace/recordings/${encodeURIComponent(recordingId)}/playlist.m3u8`);
        hls.attachMedia(video);
      })
      .catch(mp4);
    return () => {
      cancelled = true;
      destroy();
    };
  }, [recordingId, mp4Url]);
  return (
    // biome-ignore lint/a11y/useMediaCaption: recordings of calls have no caption track to offer.
    <video
      ref={ref}
      controls
      autoPlay
      playsInline
      style={{ width: "100%", maxHeight: "70vh", background: "#000" }}
      data-testid="recording-video"
      data-source={source ?? ""}
    />
  );
}
