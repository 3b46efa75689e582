"use client";

import { useEffect, useId, useRef, useState } from "react";
import { GatedButton } from "@/app/_components/gated-button";
import { lazyComponent, OnceOpened } from "@/app/_components/lazy-dialog";
import type { Role } from "@/lib/auth/roles";

// The four actions load the first time the menu opens: not in the page's first load (decision 1385).
const MuteControls = lazyComponent(() =>
  import("@/app/(console)/rooms/[roomId]/mute-controls").then((m) => m.MuteControls),
);

/** The menu's own button (GatedButton takes no ref): focus returns to it when the menu closes. */
function focusToggle(wrap: HTMLElement | null) {
  wrap?.querySelector<HTMLButtonElement>("[data-testid=mute-menu]")?.focus();
}

/**
 * "Mute" beside a person in "In the room now" (docs/moderation.md, decision 1324): one compact
 * button that opens four labelled actions under it, Mute audio, Unmute audio, Mute video and
 * Unmute video (POST …/participants/:identity/mute with `{ audio }` or `{ video }`). One button
 * rather than four keeps a row on two lines at 375 px. The service does not know whether someone is
 * muted (the media server does), so both directions are offered. Owner, Admin and Developer; inert
 * with the reason for anyone else and without a media plane.
 */
export function MuteParticipantButtons({
  roomId,
  identity,
  displayName,
  memberRole,
  blockedReason,
}: {
  roomId: string;
  identity: string;
  displayName: string | null;
  memberRole: Role;
  blockedReason: string | undefined;
}) {
  const who = displayName ?? identity;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrap = useRef<HTMLSpanElement>(null);
  const refocus = () => focusToggle(wrap.current);

  // A press outside the menu closes it; Escape closes it and puts focus back on its button.
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (e.target instanceof Node && !wrap.current?.contains(e.target)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      focusToggle(wrap.current);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <span className="mute-menu" ref={wrap}>
      <GatedButton
        memberRole={memberRole}
        permission="participants:moderate"
        blockedReason={blockedReason}
        tipAlign="start"
        className="btn secondary sm"
        aria-label={`Mute or unmute ${who}`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="mute-menu"
        onClick={() => setOpen((v) => !v)}
      >
        Mute…
      </GatedButton>
      <OnceOpened open={open}>
        <MuteControls
          id={panelId}
          hidden={!open}
          roomId={roomId}
          identity={identity}
          who={who}
          onDone={() => {
            setOpen(false);
            refocus();
          }}
        />
      </OnceOpened>
    </span>
  );
}
