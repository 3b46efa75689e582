"use client";

import { useEffect, useRef } from "react";
import type { RoomGrant } from "@/app/r/[shortCode]/in-room";
import type { GuestKnockStatus } from "@/lib/share-link/knock-schema";

/** An answer of GET …/knocks/{id} as this page reads it: a status, or a problem. */
type KnockAnswer = Partial<Pick<GuestKnockStatus, "state" | "poll_after_ms">> & {
  token?: { media?: RoomGrant; role: string } | null;
  code?: string;
  detail?: string;
};

/** A knock the page holds while it waits (POST /v1/join/{code}/token answered 202). */
export interface HeldKnock {
  id: string;
  secret: string;
  pollAfterMs: number;
}

/** How the wait ended. */
export type WaitOutcome =
  | { kind: "admitted"; grant: RoomGrant; publishes: boolean }
  | { kind: "denied" }
  | { kind: "ended" }
  | { kind: "error"; text: string };

/** A network failure is retried, less and less often, up to this (the service may be restarting). */
const NETWORK_RETRY_MAX_MS = 10_000;

/**
 * The guest's waiting state (docs/decisions/1350): it asks the service whether the host admitted
 * it, after the `poll_after_ms` each answer names (1 s at first, then 2 s, then 4 s), and enters
 * the room as soon as the answer carries its token: no reload. Leaving stops the asking; the host's
 * list drops a guest whose page stopped asking.
 */
export function WaitingForHost({
  shortCode,
  knock,
  displayName,
  roomName,
  onOutcome,
  onLeave,
}: {
  shortCode: string;
  knock: HeldKnock;
  displayName: string;
  roomName: string;
  onOutcome: (outcome: WaitOutcome) => void;
  onLeave: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The latest callback, without restarting the loop when the parent re-renders.
  const report = useRef(onOutcome);
  report.current = onOutcome;
  useEffect(() => heading.current?.focus(), []);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const url = `/v1/join/${encodeURIComponent(shortCode)}/knocks/${encodeURIComponent(knock.id)}`;
    const ask = (delayMs: number, networkDelayMs: number) => {
      timer = setTimeout(async () => {
        if (stopped) return;
        let res: Response;
        try {
          res = await fetch(url, { headers: { authorization: `Bearer ${knock.secret}` }, cache: "no-store" });
        } catch {
          if (!stopped) ask(networkDelayMs, Math.min(networkDelayMs * 2, NETWORK_RETRY_MAX_MS));
          return;
        }
        if (stopped) return;
        if (res.status === 429) {
          ask(Number(res.headers.get("retry-after") ?? "5") * 1000, networkDelayMs);
          return;
        }
        const body = (await res.json().catch(() => ({}))) as KnockAnswer;
        if (stopped) return;
        if (!res.ok) {
          if (body.code === "room_ended") report.current({ kind: "ended" });
          else report.current({ kind: "error", text: body.detail ?? "The service stopped answering." });
        } else if (body.state === "waiting") {
          ask(body.poll_after_ms ?? knock.pollAfterMs, knock.pollAfterMs);
        } else if (body.state === "denied") {
          report.current({ kind: "denied" });
        } else if (body.token?.media) {
          performance.mark("svc-join:token");
          report.current({
            kind: "admitted",
            grant: body.token.media,
            publishes: body.token.role !== "viewer",
          });
        } else {
          report.current({
            kind: "error",
            text: "You were admitted, but this page's pass was already used. Ask to join again.",
          });
        }
      }, delayMs);
    };
    ask(knock.pollAfterMs, knock.pollAfterMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [shortCode, knock]);

  return (
    <main className="auth-wrap">
      <div className="card auth-card join-card" data-testid="join-waiting">
        <div className="brand join-brand">
          <span className="brand-mark" aria-hidden /> SVC Meet
        </div>
        <div role="status">
          <h1 ref={heading} tabIndex={-1}>
            Waiting for the host to let you in
          </h1>
          <p className="muted">
            You asked to join <strong className="wrap-anywhere">{roomName}</strong> as{" "}
            <strong className="wrap-anywhere">{displayName}</strong>. Keep this page open: you join as soon as
            the host admits you.
          </p>
        </div>
        <p className="join-waiting-dots" aria-hidden>
          <span className="dot" /> <span className="dot" /> <span className="dot" />
        </p>
        <button type="button" className="btn secondary block" onClick={onLeave} data-testid="leave-waiting">
          Leave the waiting room
        </button>
      </div>
    </main>
  );
}
