"use client";

import { intentIsland } from "@/app/_components/intent-island";

/** One module, one chunk for all of them: as separate imports each repeated the code they share (1307). */
const widgets = () => import("@/app/(console)/rooms/[roomId]/room-widgets");

/**
 * The room page's forms and actions (rename, end, invite, test token, admission, remove, ban, mute
 * or change the role of a participant, lift a ban), server-rendered as always, their code fetched
 * when someone reaches for one of them (a pointer over it, focus, a press), not with the page
 * (docs/decisions/1385: the page's first load under 150 kB). A press made before the code arrives
 * is replayed on arrival (intent-island.tsx). Buttons in a row are wrapped in a `span`.
 */
export const InviteForm = intentIsland(() => widgets().then((m) => m.InviteForm));

export const TestTokenPanel = intentIsland(() => widgets().then((m) => m.TestTokenPanel));

export const RoomActions = intentIsland(() => widgets().then((m) => m.RoomActions), { tag: "span" });

export const AdmissionButton = intentIsland(() => widgets().then((m) => m.AdmissionButton), { tag: "span" });

export const RemoveParticipantButton = intentIsland(() => widgets().then((m) => m.RemoveParticipantButton), {
  tag: "span",
});

export const MuteParticipantButtons = intentIsland(() => widgets().then((m) => m.MuteParticipantButtons), {
  tag: "span",
});

export const BanParticipantButton = intentIsland(() => widgets().then((m) => m.BanParticipantButton), {
  tag: "span",
});

export const ChangeRoleButton = intentIsland(() => widgets().then((m) => m.ChangeRoleButton), {
  tag: "span",
});

export const LiftBanButton = intentIsland(() => widgets().then((m) => m.LiftBanButton), { tag: "span" });
