"use client";

import { island } from "@/app/_components/lazy-dialog";

/** One module, one chunk for all four: as separate imports each repeated the code they share (1307). */
const widgets = () => import("@/app/(console)/rooms/[roomId]/room-widgets");

/**
 * The room page's forms and actions (rename, end, invite, test token, remove, ban, mute or change the role of a participant, lift a ban),
 * server-rendered as always but hydrated from their own chunks: their code is not part of the
 * page's first load (≤ 150 kB gzip, docs/decisions/1101). Until a chunk
 * arrives the form shows as the server rendered it; its chunk is requested at once, with the page.
 */
export const InviteForm = island(() => widgets().then((m) => m.InviteForm));

export const TestTokenPanel = island(() => widgets().then((m) => m.TestTokenPanel));

export const RoomActions = island(() => widgets().then((m) => m.RoomActions));

export const AdmissionButton = island(() => widgets().then((m) => m.AdmissionButton));

export const RemoveParticipantButton = island(() => widgets().then((m) => m.RemoveParticipantButton));

export const MuteParticipantButtons = island(() => widgets().then((m) => m.MuteParticipantButtons));

export const BanParticipantButton = island(() => widgets().then((m) => m.BanParticipantButton));

export const ChangeRoleButton = island(() => widgets().then((m) => m.ChangeRoleButton));

export const LiftBanButton = island(() => widgets().then((m) => m.LiftBanButton));
