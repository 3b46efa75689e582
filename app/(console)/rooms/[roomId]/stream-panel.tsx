"use client";

import { useState } from "react";
import { api } from "@/app/_components/api-client";
import { GatedButton } from "@/app/_components/gated-button";
import { useApiAction } from "@/app/_components/use-api-action";
import type { Role } from "@/lib/auth/roles";
import type { StreamDto } from "@/lib/streams/stream-schema";

/**
 * The room page's live stream controls (issue 45, docs/streaming.md): Start with HLS (the share
 * link of a live room plays it) and optionally an RTMP destination (URL and stream key; the key is
 * sent once and never shown again), Stop for the running stream, each output's state and a failed
 * output's reason. For Owner, Admin and Developer (`streams:manage`); the API decides, this asks.
 */
export function StreamPanel({
  roomId,
  memberRole,
  streams,
  startBlocked,
}: {
  roomId: string;
  memberRole: Role;
  streams: StreamDto[];
  startBlocked: string | undefined;
}) {
  const { busy, run } = useApiAction();
  const [hls, setHls] = useState(true);
  const [url, setUrl] = useState("");
  const [key, setKey] = useState("");
  const base = `/v1/workspace/rooms/${encodeURIComponent(roomId)}/streams`;
  const current = streams.find((s) => s.state === "starting" || s.state === "live");
  const last = current ?? streams[0];
  const outputs = [
    ...(hls ? [{ kind: "hls" }] : []),
    ...(url.trim() ? [{ kind: "rtmp", url: url.trim(), stream_key: key }] : []),
  ];
  const start = () =>
    run("start", () => api<StreamDto>(base, { json: { outputs } }), {
      failure: "Stream not started",
      success: () => ["Stream requested", "It goes live when the media server confirms."],
      after: () => setKey(""),
    });
  const stop = (id: string) =>
    run("stop", () => api<StreamDto>(`${base}/${encodeURIComponent(id)}/stop`, { method: "POST" }), {
      failure: "Stream not stopped",
      success: () => ["Stream stopped", "Viewers see the end of the stream."],
    });

  return (
    <section className="card" aria-labelledby="stream-heading" data-testid="stream-panel">
      <div className="section-head">
        <h2 id="stream-heading">Live stream</h2>
        {current ? (
          <GatedButton
            memberRole={memberRole}
            permission="streams:manage"
            className="btn danger"
            onClick={() => stop(current.id)}
            busy={busy === "stop"}
            data-testid="stop-stream"
          >
            Stop stream
          </GatedButton>
        ) : (
          <GatedButton
            memberRole={memberRole}
            permission="streams:manage"
            blockedReason={
              startBlocked ?? (outputs.length === 0 ? "Choose HLS or an RTMP destination." : undefined)
            }
            className="btn"
            onClick={start}
            busy={busy === "start"}
            data-testid="start-stream"
          >
            Start stream
          </GatedButton>
        )}
      </div>
      {current ? null : (
        <div className="stack">
          <label className="check">
            <input type="checkbox" checked={hls} onChange={(e) => setHls(e.target.checked)} /> HLS for the
            share link&apos;s audience
          </label>
          <div className="field">
            <label htmlFor="stream-rtmp-url">
              RTMP destination <span className="optional">(optional)</span>
            </label>
            <input
              id="stream-rtmp-url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="rtmp://a.rtmp.youtube.com/live2"
              autoComplete="off"
            />
          </div>
          <div className="field">
            <label htmlFor="stream-rtmp-key">Stream key</label>
            <input
              id="stream-rtmp-key"
              type="password"
              value={key}
              onChange={(e) => setKey(e.target.value)}
              autoComplete="off"
              disabled={!url.trim()}
            />
            <p className="hint">Stored encrypted; never shown again.</p>
          </div>
        </div>
      )}
      <p className="muted" data-testid="stream-status" aria-live="polite">
        {current
          ? current.state === "starting"
            ? "Starting: waiting for the media server to confirm."
            : "Live."
          : last
            ? `Not streaming. The last stream ${last.state === "failed" ? "failed" : "ended"}.`
            : "Not streaming."}
      </p>
      {last ? (
        <ul className="plain-list" data-testid="stream-outputs">
          {last.outputs.map((o, i) => (
            // Outputs keep their order: the index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <li key={i} data-state={o.state}>
              <strong>{o.kind.toUpperCase()}</strong>{" "}
              {o.kind === "rtmp" ? <span className="mono">{o.url}</span> : null} · {o.state}
              {o.failure_reason ? <span className="warn-text"> · {o.failure_reason}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
