"use client";

import { useEffect, useRef, useState } from "react";

/**
 * A `live` (or `webinar`) room's audience on its share link (issue 45, docs/streaming.md): the
 * room's live HLS stream through hls.js, loaded on demand (Safari plays HLS natively), instead of
 * a WebRTC subscription to the media node: any number of viewers cost the node nothing. The
 * playlist comes from the service with short-lived segment links; the segments from storage.
 */
export function LiveStreamPlayer({ shortCode }: { shortCode: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<"loading" | "playing" | "ended" | "failed">("loading");
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const src = `/v1/join/${encodeURIComponent(shortCode)}/stream.m3u8`;
    let cancelled = false;
    let destroy = () => {};
    const ended = () => setState("ended");
    video.addEventListener("ended", ended);
    const playing = () => setState("playing");
    video.addEventListener("playing", playing);
    void import("hls.js")
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          // Safari and iOS: native HLS.
          video.src = src;
          return;
        }
        const hls = new Hls({ lowLatencyMode: false, liveSyncDurationCount: 2 });
        destroy = () => hls.destroy();
        hls.on(Hls.Events.ERROR, (_e, data) => {
          if (data.fatal) setState("failed");
        });
        // Muted, so the browser lets it start by itself.
        hls.on(Hls.Events.MANIFEST_PARSED, () => {
          video.muted = true;
          void video.play().catch(() => undefined);
        });
        // How far behind the capture the picture is (the segments' #EXT-X-PROGRAM-DATE-TIME):
        // docs/streaming.md's glass-to-glass measurement reads it.
        const stamp = () => {
          if (hls.playingDate) video.dataset.playingDate = String(hls.playingDate.getTime());
        };
        video.addEventListener("timeupdate", stamp);
        hls.loadSource(src);
        hls.attachMedia(video);
      })
      .catch(() => setState("failed"));
    return () => {
      cancelled = true;
      destroy();
      video.removeEventListener("ended", ended);
      video.removeEventListener("playing", playing);
    };
  }, [shortCode]);
  return (
    <div className="join-live" data-testid="live-stream" data-state={state}>
      <video
        ref={ref}
        controls
        autoPlay
        muted
        playsInline
        style={{ width: "100%", maxHeight: "70vh", background: "#000", borderRadius: 8 }}
        data-testid="live-stream-video"
      />
      <p className="muted" role="status">
        {state === "ended"
          ? "The stream has ended."
          : state === "failed"
            ? "The stream could not be played. Reload the page to try again."
            : "You are watching the live stream. It is muted until you unmute it."}
      </p>
    </div>
  );
}
