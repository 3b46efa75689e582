"use client";

import { island } from "@/app/_components/lazy-dialog";

/**
 * The room page's forms and actions (rename, end, invite, test token, remove a participant),
 * server-rendered as always but hydrated from their own chunks: their code is not part of the
 * page's first load (≤ 150 kB gzip, docs/decisions/1101). Until a chunk
 * arrives the form shows as the server rendered it; its chunk is requested at once, with the page.
 */
export const InviteForm = island(() =>
  import("@/app/(console)/rooms/[roomId]/invite-form").then((m) => m.InviteForm),
);

export const TestTokenPanel = island(() =>
  import("@/app/(console)/rooms/[roomId]/test-token-panel").then((m) => m.TestTokenPanel),
);

export const RoomActions = island(() =>
  import("@/app/(console)/rooms/[roomId]/room-actions").then((m) => m.RoomActions),
);

export const RemoveParticipantButton = island(() =>
  import("@/app/(console)/rooms/[roomId]/remove-participant-button").then((m) => m.RemoveParticipantButton),
);
