"use client";

import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { DeviceCheck } from "@/app/r/[shortCode]/device-check";
import { InRoom, type RoomExit, type RoomGrant } from "@/app/r/[shortCode]/in-room";
import { JoinNotice } from "@/app/r/[shortCode]/join-notice";
import { type HeldKnock, WaitingForHost, type WaitOutcome } from "@/app/r/[shortCode]/waiting-room";
import type { GuestKnock } from "@/lib/share-link/knock-schema";

interface Props {
  shortCode: string;
  roomName: string;
  /** "meeting", "webinar"… as the page words it. */
  kind: string;
  /** Whether a guest of this room type takes part (camera and microphone) or watches. */
  publishes: boolean;
  /** The lobby card's top: the room's name, type and state (rendered by the page). */
  intro: ReactNode;
  /** The host locked the link / turned the waiting room on, when the page was rendered (docs/decisions/1350). */
  locked: boolean;
  waitingRoom: boolean;
}

interface Granted {
  grant: RoomGrant;
  publishes: boolean;
  displayName: string;
}

/**
 * What went wrong in the lobby, and where it is said: a problem with the name beside the name
 * field, anything else (the network, the service, a busy room) above the Join button, never on a
 * field that is not at fault.
 */
type LobbyError = { on: "name" | "form"; text: string };

type Phase =
  | { step: "lobby"; error?: LobbyError }
  | { step: "ended" }
  | { step: "asking" }
  | { step: "in-room"; granted: Granted }
  | { step: "out"; exit: RoomExit; displayName: string }
  | { step: "waiting"; knock: HeldKnock; displayName: string }
  | { step: "locked" }
  | { step: "denied" };

/**
 * The refusal in words and where it belongs: an ended room replaces the whole card (nothing of
 * the lobby, its "Live now" included, still stands); a name the API refused goes on the name
 * field; anything else on the form.
 */
async function refusal(res: Response): Promise<Phase> {
  try {
    const body = (await res.json()) as { detail?: string; code?: string; errors?: { path?: string }[] };
    if (body.code === "room_ended") return { step: "ended" };
    if (body.code === "room_locked") return { step: "locked" };
    if (body.code === "rate_limited")
      return {
        step: "lobby",
        error: { on: "form", text: "Too many people are joining right now. Wait a moment and try again." },
      };
    if (body.code === "validation_failed" && body.errors?.some((e) => e.path === "displayName"))
      return { step: "lobby", error: { on: "name", text: body.detail ?? "Check your name." } };
    if (body.detail) return { step: "lobby", error: { on: "form", text: body.detail } };
  } catch {
    // Not JSON.
  }
  return {
    step: "lobby",
    error: { on: "form", text: "The room could not be joined. Try again in a moment." },
  };
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
export function JoinRoom({ shortCode, roomName, kind, publishes, intro, locked, waitingRoom }: Props) {
  const [phase, setPhase] = useState<Phase>(locked ? { step: "locked" } : { step: "lobby" });
  const [name, setName] = useState("");
  const nameId = useId();
  const nameInput = useRef<HTMLInputElement>(null);

  async function join(e: FormEvent) {
    e.preventDefault();
    const displayName = name.trim();
    if (!displayName) {
      setPhase({
        step: "lobby",
        error: { on: "name", text: "Enter your name: the others see it on your tile." },
      });
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
        setPhase(await refusal(res));
        return;
      }
      if (res.status === 202) {
        const knock = (await res.json()) as GuestKnock;
        setPhase({
          step: "waiting",
          displayName,
          knock: { id: knock.knock_id, secret: knock.knock_secret, pollAfterMs: knock.poll_after_ms },
        });
        return;
      }
      const body = (await res.json()) as { media?: RoomGrant; role: string };
      if (!body.media) {
        setPhase({
          step: "lobby",
          error: { on: "form", text: "This service does not open rooms in the browser." },
        });
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
        error: { on: "form", text: "The service could not be reached. Check your network and try again." },
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

  if (phase.step === "waiting") {
    const { displayName } = phase;
    const settle = (o: WaitOutcome) =>
      setPhase(
        o.kind === "admitted"
          ? { step: "in-room", granted: { grant: o.grant, publishes: o.publishes, displayName } }
          : o.kind === "denied"
            ? { step: "denied" }
            : o.kind === "ended"
              ? { step: "ended" }
              : { step: "lobby", error: { on: "form", text: o.text } },
      );
    return (
      <WaitingForHost
        shortCode={shortCode}
        knock={phase.knock}
        displayName={displayName}
        roomName={roomName}
        onOutcome={settle}
        onLeave={() => setPhase({ step: "lobby" })}
      />
    );
  }

  if (phase.step === "ended") {
    return (
      <JoinNotice testId="join-card" reason="ended" title={`This ${kind} has ended`}>
        <strong className="wrap-anywhere">{roomName}</strong> ended while this page was open, so it can no
        longer be joined. A room ends for good when its last participant leaves or the host ends it; ask
        whoever invited you for a new link.
      </JoinNotice>
    );
  }

  if (phase.step === "locked" || phase.step === "denied") {
    const denied = phase.step === "denied";
    return (
      <JoinNotice
        testId="join-refused"
        reason={phase.step}
        title={denied ? "The host did not let you in" : `This ${kind} is locked`}
        action={{ label: "Ask again", onClick: () => setPhase({ step: "lobby" }), testId: "join-again" }}
      >
        <strong className="wrap-anywhere">{roomName}</strong>:{" "}
        {denied
          ? "the host declined your request to join. You can ask again, or contact whoever invited you."
          : "the host has locked it, so nobody new can join through this link. People already inside stay. Ask the host to unlock it, then ask again."}
      </JoinNotice>
    );
  }

  if (phase.step === "out") {
    const text = EXIT_TEXT[phase.exit];
    return (
      <JoinNotice
        testId="room-exit"
        reason={phase.exit}
        title={text.title}
        action={text.again ? { label: "Join again", onClick: () => setPhase({ step: "lobby" }) } : undefined}
      >
        <strong className="wrap-anywhere">{roomName}</strong>: {text.body}
      </JoinNotice>
    );
  }

  const error = phase.step === "lobby" ? phase.error : undefined;
  const nameError = error?.on === "name" ? error.text : undefined;
  const formError = error?.on === "form" ? error.text : undefined;
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
              aria-invalid={nameError ? true : undefined}
              aria-describedby={`${nameId}-hint${nameError ? ` ${nameId}-error` : ""}`}
              data-testid="join-name"
            />
            <p className="hint" id={`${nameId}-hint`}>
              {publishes
                ? "Shown to the others on your tile. You join with your camera and microphone on; you can turn them off inside."
                : `Shown to the host. You watch and listen: a ${kind}'s audience does not send video or sound.`}
            </p>
            {nameError ? (
              <p className="form-error" role="alert" id={`${nameId}-error`} data-testid="join-error">
                {nameError}
              </p>
            ) : null}
          </div>
          {formError ? (
            <p className="form-error" role="alert" data-testid="join-error">
              {formError}
            </p>
          ) : null}
          <button
            type="submit"
            className="btn block"
            disabled={phase.step === "asking"}
            data-testid="join-submit"
          >
            {phase.step === "asking" ? "Joining…" : waitingRoom ? "Ask to join" : `Join the ${kind}`}
          </button>
          {waitingRoom ? (
            <p className="hint" data-testid="join-knock-hint">
              The host lets each guest in: after you ask, wait on this page until they admit you.
            </p>
          ) : null}
          <p className="hint" data-testid="join-finality">
            When the last person leaves, the {kind} ends for good and this link stops working.
          </p>
        </form>
      </div>
    </main>
  );
}
