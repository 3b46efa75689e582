"use client";

import { useState } from "react";
import { GatedButton } from "@/app/_components/gated-button";
import { lazyComponent, OnceOpened } from "@/app/_components/lazy-dialog";
import type { Role } from "@/lib/auth/roles";
import type { RoomRole } from "@/lib/tokens/capabilities";

/** Who is concerned: the room, the identity and the name they joined with (docs/decisions/1305). */
export interface ModerationTarget {
  roomId: string;
  roomName: string;
  identity: string;
  displayName: string | null;
}

// The dialogs' code loads the first time one opens: it is in neither the page's first load nor
// the room's island chunk (room-islands.tsx; docs/decisions/1307).
const BanDialog = lazyComponent(() =>
  import("@/app/(console)/rooms/[roomId]/ban-dialog").then((m) => m.BanDialog),
);
const RoleDialog = lazyComponent(() =>
  import("@/app/(console)/rooms/[roomId]/role-dialog").then((m) => m.RoleDialog),
);

/**
 * "Remove and ban" beside a person in "In the room now" (docs/moderation.md, decision 1322): asks
 * for how long, names the person, then DELETE …/participants/:identity with `ban_seconds` or
 * `ban=true`. A ban works without a media plane (it refuses new tokens), so only the role and an
 * ended room make it inert, with the reason.
 */
export function BanParticipantButton({
  target,
  memberRole,
  blockedReason,
}: {
  target: ModerationTarget;
  memberRole: Role;
  blockedReason: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  const who = target.displayName ?? target.identity;
  return (
    <>
      <GatedButton
        memberRole={memberRole}
        permission="participants:moderate"
        blockedReason={blockedReason}
        className="btn secondary sm"
        aria-label={`Remove and ban ${who}`}
        data-testid="ban-participant"
        onClick={() => setOpen(true)}
      >
        Remove and ban
      </GatedButton>
      <OnceOpened open={open}>
        <BanDialog target={target} open={open} onClose={() => setOpen(false)} />
      </OnceOpened>
    </>
  );
}

/**
 * "Change role" beside a person: make a publisher a viewer or a viewer a publisher, live where the
 * media plane can (LiveKit) and with the rejoin flow explained where it cannot (Janus answers 409
 * `rejoin_required`; decision 1324). Inert with the reason for roles other than Owner, Admin and
 * Developer, and without a media plane.
 */
export function ChangeRoleButton({
  target,
  roles,
  memberRole,
  blockedReason,
}: {
  target: ModerationTarget;
  /** The roles the room's type admits (lib/tokens/capabilities.ts). */
  roles: readonly RoomRole[];
  memberRole: Role;
  blockedReason: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  const who = target.displayName ?? target.identity;
  return (
    <>
      <GatedButton
        memberRole={memberRole}
        permission="participants:moderate"
        blockedReason={blockedReason}
        className="btn secondary sm"
        aria-label={`Change ${who}'s role`}
        data-testid="change-role"
        onClick={() => setOpen(true)}
      >
        Change role
      </GatedButton>
      <OnceOpened open={open}>
        <RoleDialog target={target} roles={roles} open={open} onClose={() => setOpen(false)} />
      </OnceOpened>
    </>
  );
}
