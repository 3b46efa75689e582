"use client";

import { api } from "@/app/_components/api-client";
import { ConfirmButton } from "@/app/_components/confirm-button";
import type { Role } from "@/lib/auth/roles";
import type { RemovedParticipantDto } from "@/lib/media/live-schema";

/**
 * "Remove" beside a person in "In the room now" (docs/decisions/1100): asks first, then
 * DELETE …/participants/:identity. Owner, Admin and Developer; for anyone else, and without a media
 * plane, it stays visible and inert with the reason.
 */
export function RemoveParticipantButton({
  roomId,
  roomName,
  identity,
  displayName,
  memberRole,
  blockedReason,
}: {
  roomId: string;
  roomName: string;
  identity: string;
  /** The name they joined with through the share link, if they did (docs/decisions/1305). */
  displayName: string | null;
  memberRole: Role;
  blockedReason: string | undefined;
}) {
  const who = displayName ?? identity;
  const path = `/v1/workspace/rooms/${encodeURIComponent(roomId)}/participants/${encodeURIComponent(identity)}`;
  return (
    <ConfirmButton<RemovedParticipantDto>
      opener={{
        memberRole,
        permission: "participants:remove",
        blockedReason,
        label: "Remove",
        name: `Remove ${who} from the room`,
        className: "btn secondary sm",
        testId: "remove-participant",
      }}
      ask={{
        title: `Remove ${who} from ${roomName}?`,
        description: `${displayName !== null ? `${displayName} joined through the share link as ${identity}. ` : ""}They are disconnected at once and everyone else sees them leave. This is not a ban: a room token they still hold lets them rejoin until it expires. To keep them out, use Remove and ban instead.`,
        action: "Remove",
        danger: true,
        testId: "confirm-remove-participant",
      }}
      call={() => api<RemovedParticipantDto>(path, { method: "DELETE" })}
      outcome={{
        failure: `${who} not removed`,
        success: (r) =>
          r.removed > 0
            ? [`${who} removed`, "The room's timeline records the removal."]
            : [`${who} had already left`, "Nobody was removed."],
      }}
    />
  );
}
