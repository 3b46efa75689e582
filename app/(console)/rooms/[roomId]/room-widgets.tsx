"use client";

/** The room page's islands in one module, so they share one chunk (room-islands.tsx; decision 1307). */
export { AdmissionButton } from "@/app/(console)/rooms/[roomId]/admission-buttons";
export { InviteForm } from "@/app/(console)/rooms/[roomId]/invite-form";
export { LiftBanButton } from "@/app/(console)/rooms/[roomId]/lift-ban-button";
export { BanParticipantButton, ChangeRoleButton } from "@/app/(console)/rooms/[roomId]/moderation-buttons";
export { MuteParticipantButtons } from "@/app/(console)/rooms/[roomId]/mute-participant-buttons";
export { RemoveParticipantButton } from "@/app/(console)/rooms/[roomId]/remove-participant-button";
export { RoomActions } from "@/app/(console)/rooms/[roomId]/room-actions";
export { TestTokenPanel } from "@/app/(console)/rooms/[roomId]/test-token-panel";
