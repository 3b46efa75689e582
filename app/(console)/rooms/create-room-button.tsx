"use client";

import { useState } from "react";
import { OpenerButton } from "@/app/_components/gated-button";
import { IconPlus } from "@/app/_components/icons/actions";
import { lazyComponent, OnceOpened } from "@/app/_components/lazy-dialog";
import type { ProjectRef } from "@/app/(console)/rooms/room-list";
import { can, type Role } from "@/lib/auth/roles";

const CreateRoomDialogs = lazyComponent(() =>
  import("@/app/(console)/rooms/create-room-dialogs").then((m) => m.CreateRoomDialogs),
);

/**
 * "New room": a gated button; the form and the share link it shows (create-room-dialogs.tsx) load
 * when it first opens, so the Rooms page's first load carries only the button (issue 49's budget).
 */
export function CreateRoomButton({
  memberRole,
  projects,
  defaultProjectId,
  shareBase,
  blockedReason,
  label = "New room",
  like,
}: {
  memberRole: Role;
  projects: ProjectRef[];
  defaultProjectId: string | undefined;
  /** Where share links point (lib/invitations/share-link.ts `shareLinkBase()`). */
  shareBase: string;
  /** Why rooms cannot be created right now (no project yet, no plan), shown as the tooltip. */
  blockedReason?: string | undefined;
  label?: string;
  /** "New room like this" (an ended room's page): the dialog opens at once with that room's settings. */
  like?: { name: string; type: string; projectId: string } | undefined;
}) {
  // Only for a member who may create a room now: the gated opener explains why otherwise.
  const [open, setOpen] = useState(
    like !== undefined && blockedReason === undefined && can(memberRole, "rooms:create"),
  );
  return (
    <>
      <OpenerButton
        opener={{
          memberRole,
          permission: "rooms:create",
          blockedReason,
          label,
          testId: "new-room",
          className: "btn",
          icon: <IconPlus />,
        }}
        onOpen={() => setOpen(true)}
      />
      <OnceOpened open={open}>
        <CreateRoomDialogs
          open={open}
          setOpen={setOpen}
          projects={projects}
          defaultProjectId={defaultProjectId}
          shareBase={shareBase}
          like={like}
        />
      </OnceOpened>
    </>
  );
}
