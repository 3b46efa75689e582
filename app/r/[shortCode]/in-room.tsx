"use client";

import { useEffect, useRef, useState } from "react";
import { IconCamera, IconMic } from "@/app/_components/icons";
import type { RemoteFeed, RemovedReason, RoomConnection } from "@/lib/media-client/janus-videoroom";
import {
  joinMediaRoom,
  type MediaClientCallbacks,
  type RoomGrant,
} from "@/lib/media-client/load-media-client";

export type { RoomGrant };

export type RoomExit = RemovedReason | "left";

interface Props {
  roomName: string;
  kind: string;
  displayName: string;
  grant: RoomGrant;
  publishes: boolean;
  onExit: (exit: RoomExit) => void;
}

/** One video element bound to a stream (React cannot set `srcObject` as an attribute). */
function StreamVideo({
  stream,
  muted,
  label,
  testId,
}: {
  stream: MediaStream;
  muted: boolean;
  label: string;
  testId: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return <video ref={ref} autoPlay playsInline muted={muted} aria-label={label} data-testid={testId} />;
}

/**
 * Inside the room: the others' tiles (video with their sound), this person's own tile, mute for
 * microphone and camera, Leave. The media client (Janus's, or LiveKit's livekit-client) is imported
 * here, on Join, so the share-link page's first load carries neither (docs/decisions/1031, 1093).
 */
export function InRoom({ roomName, kind, displayName, grant, publishes, onExit }: Props) {
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [remotes, setRemotes] = useState<RemoteFeed[]>([]);
  const [status, setStatus] = useState<"connecting" | "connected" | "failed">("connecting");
  const [failure, setFailure] = useState<string>();
  const [micOn, setMicOn] = useState(true);
  const [cameraOn, setCameraOn] = useState(true);
  const connection = useRef<RoomConnection | null>(null);
  const exited = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one connection per mount; the grant does not change.
  useEffect(() => {
    let cancelled = false;
    let stream: MediaStream | null = null;
    const exit = (why: RoomExit) => {
      if (exited.current) return;
      exited.current = true;
      for (const t of stream?.getTracks() ?? []) t.stop();
      onExit(why);
    };
    (async () => {
      try {
        if (publishes) {
          stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
          if (cancelled) return;
          setLocal(stream);
        }
        const callbacks: MediaClientCallbacks = {
          display: displayName,
          publish: stream,
          onRemote: (feed) => setRemotes((all) => [...all.filter((f) => f.id !== feed.id), feed]),
          onRemoteGone: (id) => setRemotes((all) => all.filter((f) => f.id !== id)),
          onRemoved: (reason) => exit(reason),
          onConnected: () => {
            performance.mark("svc-join:connected");
            setStatus("connected");
          },
        };
        // The plane's own client, from the driver registry's table (lib/media-client/load-media-client.ts).
        const conn = await joinMediaRoom(grant, callbacks);
        if (cancelled) {
          await conn.leave();
          return;
        }
        connection.current = conn;
      } catch (err) {
        // Removed or lost while entering: onRemoved has already shown why.
        if (cancelled || exited.current) return;
        for (const t of stream?.getTracks() ?? []) t.stop();
        setStatus("failed");
        setFailure(
          err instanceof DOMException
            ? "Your camera or microphone could not be started. Allow them for this site and join again."
            : "The room could not be entered. Join again in a moment.",
        );
      }
    })();
    heading.current?.focus();
    return () => {
      cancelled = true;
      void connection.current?.leave();
      for (const t of stream?.getTracks() ?? []) t.stop();
    };
  }, []);

  function toggle(kindOfTrack: "audio" | "video") {
    const tracks = kindOfTrack === "audio" ? local?.getAudioTracks() : local?.getVideoTracks();
    const on = !(kindOfTrack === "audio" ? micOn : cameraOn);
    for (const t of tracks ?? []) t.enabled = on;
    if (kindOfTrack === "audio") setMicOn(on);
    else setCameraOn(on);
  }

  async function leave() {
    if (exited.current) return;
    exited.current = true;
    await connection.current?.leave();
    connection.current = null;
    for (const t of local?.getTracks() ?? []) t.stop();
    onExit("left");
  }

  const count = remotes.length + (publishes ? 1 : 0);
  return (
    <main className="room" data-testid="in-room" data-status={status}>
      <header className="room-head">
        <div className="room-title">
          <h1 ref={heading} tabIndex={-1} className="wrap-anywhere">
            {roomName}
          </h1>
          <span className={`badge state state-${status === "connected" ? "active" : "created"}`}>
            <span className="dot" aria-hidden />
            {status === "connected"
              ? `In the ${kind}`
              : status === "failed"
                ? "Not connected"
                : "Connecting…"}
          </span>
        </div>
        <p className="muted room-count" role="status" data-testid="room-count">
          {count === 1 ? "Only you so far" : `${count} people here`}
        </p>
      </header>
      {failure ? (
        <div className="callout room-failure" role="alert">
          <div>
            <strong>{failure}</strong>{" "}
            <button type="button" className="btn sm secondary" onClick={() => onExit("lost")}>
              Back
            </button>
          </div>
        </div>
      ) : null}
      <ul className="room-tiles" aria-label="People in the room">
        {remotes.map((f) => (
          <li key={f.id} className="room-tile" data-testid="remote-tile">
            <StreamVideo
              stream={f.stream}
              muted={false}
              label={`${f.display}'s camera`}
              testId="remote-video"
            />
            <span className="room-tile-name">{f.display}</span>
          </li>
        ))}
        {local ? (
          <li className="room-tile own" data-testid="own-tile">
            <StreamVideo stream={local} muted label="Your camera" testId="own-video" />
            {cameraOn ? null : (
              <span className="room-tile-off" aria-hidden>
                <IconCamera width={28} height={28} /> Camera off
              </span>
            )}
            <span className="room-tile-name">
              {displayName} (you){micOn ? "" : " · muted"}
            </span>
          </li>
        ) : null}
        {remotes.length === 0 ? (
          <li className="room-tile empty">
            <span className="muted">
              {publishes ? "Waiting for others to join…" : "Waiting for the host to start…"}
            </span>
          </li>
        ) : null}
      </ul>
      <nav className="room-controls" aria-label="Call controls">
        {publishes ? (
          <>
            <button
              type="button"
              className={`btn secondary${micOn ? "" : " pressed"}`}
              aria-pressed={!micOn}
              onClick={() => toggle("audio")}
              disabled={!local}
              data-testid="mute-mic"
            >
              <IconMic aria-hidden /> Mute microphone
            </button>
            <button
              type="button"
              className={`btn secondary${cameraOn ? "" : " pressed"}`}
              aria-pressed={!cameraOn}
              onClick={() => toggle("video")}
              disabled={!local}
              data-testid="mute-camera"
            >
              <IconCamera aria-hidden /> Stop camera
            </button>
          </>
        ) : null}
        <button type="button" className="btn leave" onClick={() => void leave()} data-testid="leave">
          Leave
        </button>
      </nav>
    </main>
  );
}
