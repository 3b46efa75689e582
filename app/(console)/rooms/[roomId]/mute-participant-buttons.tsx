"use client";

import { api } from "@/app/_components/api-client";
import { GatedButton } from "@/app/_components/gated-button";
import { useApiAction } from "@/app/_components/use-api-action";
import type { Role } from "@/lib/auth/roles";

interface MuteResult {
  identity: string;
  audio?: boolean;
  video?: boolean;
  tracks: number;
}

/**
 * "Mute" and "Unmute" beside a person in "In the room now" (docs/moderation.md, decision 1324):
 * POST …/participants/:identity/mute with `{ audio }`. No confirmation: it is undone with the
 * other button. The service does not know whether someone is muted (the media server does), so
 * both are offered; Owner, Admin and Developer, inert with the reason for anyone else.
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
  const { busy, run } = useApiAction();
  const path = `/v1/workspace/rooms/${encodeURIComponent(roomId)}/participants/${encodeURIComponent(identity)}/mute`;
  const press = (audio: boolean) =>
    run(audio ? "mute" : "unmute", () => api<MuteResult>(path, { method: "POST", json: { audio } }), {
      failure: audio ? `${who} not muted` : `${who} not unmuted`,
      success: (r) =>
        r.tracks > 0
          ? [audio ? `${who} muted` : `${who} unmuted`, "Everyone else in the room hears the change at once."]
          : [`${who} publishes no audio`, "Nothing to change."],
      refresh: false,
    });
  const gate = { memberRole, permission: "participants:moderate" as const, blockedReason };
  return (
    <>
      <GatedButton
        {...gate}
        className="btn secondary sm"
        busy={busy === "mute"}
        aria-label={`Mute ${who}'s audio`}
        data-testid="mute-participant"
        onClick={() => press(true)}
      >
        Mute
      </GatedButton>
      <GatedButton
        {...gate}
        className="btn secondary sm"
        busy={busy === "unmute"}
        aria-label={`Unmute ${who}'s audio`}
        data-testid="unmute-participant"
        onClick={() => press(false)}
      >
        Unmute
      </GatedButton>
    </>
  );
}
