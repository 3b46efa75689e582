"use client";

import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { DeviceCheck } from "@/app/r/[shortCode]/device-check";
import { InRoom, type RoomExit, type RoomGrant } from "@/app/r/[shortCode]/in-room";

interface Props {
  shortCode: string;
  roomName: string;
  /** "meeting", "webinar"… as the page words it. */
  kind: string;
  /** Whether a guest of this room type takes part (camera and microphone) or watches. */
  publishes: boolean;
  /** The lobby card's top: the room's name, type and state (rendered by the page). */
  intro: ReactNode;
}

interface Granted {
  grant: RoomGrant;
  publishes: boolean;
  displayName: string;
}

type Phase =
  | { step: "lobby"; error?: string }
  | { step: "asking" }
  | { step: "in-room"; granted: Granted }
  | { step: "out"; exit: RoomExit; displayName: string };

/** The problem+json `detail`, or a sentence for a failure that has none. */
async function problemText(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { detail?: string; code?: string };
    if (body.code === "room_ended") return "This room has ended, so it can no longer be joined.";
    if (body.code === "rate_limited")
      return "Too many people are joining right now. Wait a moment and try again.";
    if (body.detail) return body.detail;
  } catch {
    // Not JSON.
  }
  return "The room could not be joined. Try again in a moment.";
}

const EXIT_TEXT: Record<RoomExit, { title: string; body: string; again: boolean }> = {
  left: { title: "You left the room", body: "Your camera and microphone are off.", again: true },
  kicked: {
    title: "You were removed from the room",
    body: "The host removed you, or ended the meeting for everyone.",
    again: false,
  },
  ended: { title: "The room has ended", body: "The host ended it for everyone.", again: false },
  lost: {
    title: "The connection was lost",
    body: "The media server stopped answering. Check your network and join again.",
    again: true,
  },
};

/**
 * The share link's way in (docs/decisions/1030): a name, the device check, Join. Join asks the
 * service for a guest token (POST /v1/join/{code}/token), then the room itself (in-room.tsx) loads
 * the media client: nothing of it is in this page's first load.
 */
export function JoinRoom({ shortCode, roomName, kind, publishes, intro }: Props) {
  const [phase, setPhase] = useState<Phase>({ step: "lobby" });
  const [name, setName] = useState("");
  const nameId = useId();
  const nameInput = useRef<HTMLInputElement>(null);
  const exitHeading = useRef<HTMLHeadingElement>(null);
  // Leaving the room moves focus to what happened, so keyboard and screen-reader users hear it.
  useEffect(() => {
    if (phase.step === "out") exitHeading.current?.focus();
  }, [phase.step]);

  async function join(e: FormEvent) {
    e.preventDefault();
    const displayName = name.trim();
    if (!displayName) {
      setPhase({ step: "lobby", error: "Enter your name: the others see it on your tile." });
      nameInput.current?.focus();
      return;
    }
    setPhase({ step: "asking" });
    try {
      const res = await fetch(`/v1/join/${encodeURIComponent(shortCode)}/token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ displayName }),
      });
      if (!res.ok) {
        setPhase({ step: "lobby", error: await problemText(res) });
        return;
      }
      const body = (await res.json()) as { media?: RoomGrant; role: string };
      if (!body.media) {
        setPhase({ step: "lobby", error: "This service does not open rooms in the browser." });
        return;
      }
      performance.mark("svc-join:token");
      setPhase({
        step: "in-room",
        granted: { grant: body.media, publishes: body.role !== "viewer", displayName },
      });
    } catch {
      setPhase({
        step: "lobby",
        error: "The service could not be reached. Check your network and try again.",
      });
    }
  }

  if (phase.step === "in-room") {
    return (
      <InRoom
        roomName={roomName}
        kind={kind}
        displayName={phase.granted.displayName}
        grant={phase.granted.grant}
        publishes={phase.granted.publishes}
        onExit={(exit) => setPhase({ step: "out", exit, displayName: phase.granted.displayName })}
      />
    );
  }

  if (phase.step === "out") {
    const text = EXIT_TEXT[phase.exit];
    return (
      <main className="auth-wrap">
        <div className="card auth-card join-card" data-testid="room-exit" data-reason={phase.exit}>
          <div className="brand join-brand">
            <span className="brand-mark" aria-hidden /> SVC Meet
          </div>
          <div role="status">
            <h1 ref={exitHeading} tabIndex={-1}>
              {text.title}
            </h1>
            <p className="muted">
              <strong className="wrap-anywhere">{roomName}</strong>: {text.body}
            </p>
          </div>
          {text.again ? (
            <button type="button" className="btn block" onClick={() => setPhase({ step: "lobby" })}>
              Join again
            </button>
          ) : null}
        </div>
      </main>
    );
  }

  const error = phase.step === "lobby" ? phase.error : undefined;
  return (
    <main className="auth-wrap">
      <div className="card auth-card join-card" data-testid="join-card">
        {intro}
        <form className="join-form" onSubmit={join} noValidate data-testid="join-form">
          <DeviceCheck />
          <div className="field join-name">
            <label htmlFor={nameId}>Your name</label>
            <input
              id={nameId}
              ref={nameInput}
              className="input"
              name="displayName"
              autoComplete="name"
              maxLength={80}
              required
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${nameId}-hint${error ? ` ${nameId}-error` : ""}`}
              data-testid="join-name"
            />
            <p className="hint" id={`${nameId}-hint`}>
              {publishes
                ? "Shown to the others on your tile. You join with your camera and microphone on; you can turn them off inside."
                : `Shown to the host. You watch and listen: a ${kind}'s audience does not send video or sound.`}
            </p>
            {error ? (
              <p className="form-error" role="alert" id={`${nameId}-error`} data-testid="join-error">
                {error}
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            className="btn block"
            disabled={phase.step === "asking"}
            data-testid="join-submit"
          >
            {phase.step === "asking" ? "Joining…" : `Join the ${kind}`}
          </button>
        </form>
      </div>
    </main>
  );
}
