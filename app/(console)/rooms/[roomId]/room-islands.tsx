"use client";

import { lazyComponent } from "@/app/_components/lazy-dialog";

/**
 * The room page's forms and actions (rename, end, invite, test token, remove a participant),
 * server-rendered as always but hydrated from their own chunks: their code is not part of the
 * page's first load (≤ 150 kB gzip, docs/decisions/1101). Until a chunk
 * arrives the form shows as the server rendered it; a press meanwhile is replayed by React once it
 * hydrates.
 */
export const InviteForm = lazyComponent(() =>
  import("@/app/(console)/rooms/[roomId]/invite-form").then((m) => m.InviteForm),
);

export const TestTokenPanel = lazyComponent(() =>
  import("@/app/(console)/rooms/[roomId]/test-token-panel").then((m) => m.TestTokenPanel),
);

export const RoomActions = lazyComponent(() =>
  import("@/app/(console)/rooms/[roomId]/room-actions").then((m) => m.RoomActions),
);

export const RemoveParticipantButton = lazyComponent(() =>
  import("@/app/(console)/rooms/[roomId]/remove-participant-button").then((m) => m.RemoveParticipantButton),
);
