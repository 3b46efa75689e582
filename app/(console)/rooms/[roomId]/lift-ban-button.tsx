"use client";

import { api } from "@/app/_components/api-client";
import { ConfirmButton } from "@/app/_components/confirm-button";
import type { Role } from "@/lib/auth/roles";

/**
 * "Lift ban" beside a ban on the room page (docs/moderation.md, decision 1322): asks first, then
 * DELETE …/bans/:identity. New tokens can be minted for the identity again; the tokens revoked with
 * the ban stay revoked. Owner, Admin and Developer; inert with the reason for anyone else.
 */
export function LiftBanButton({
  roomId,
  roomName,
  identity,
  memberRole,
}: {
  roomId: string;
  roomName: string;
  identity: string;
  memberRole: Role;
}) {
  const path = `/v1/workspace/rooms/${encodeURIComponent(roomId)}/bans/${encodeURIComponent(identity)}`;
  return (
    <ConfirmButton<null>
      opener={{
        memberRole,
        permission: "participants:moderate",
        label: "Lift ban",
        name: `Lift the ban on ${identity}`,
        className: "btn secondary sm",
        testId: "lift-ban",
      }}
      ask={{
        title: `Lift the ban on ${identity} in ${roomName}?`,
        description: `New room tokens can be minted for ${identity} again, so they can come back. The tokens revoked with the ban stay revoked: they need a new one.`,
        action: "Lift ban",
        testId: "confirm-lift-ban",
      }}
      call={() => api<null>(path, { method: "DELETE" })}
      outcome={{
        failure: `The ban on ${identity} not lifted`,
        success: () => [`The ban on ${identity} is lifted`, "New room tokens can be minted for them again."],
      }}
    />
  );
}
