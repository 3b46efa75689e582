"use client";

import { api } from "@/app/_components/api-client";
import { ConfirmButton } from "@/app/_components/confirm-button";
import { TextField } from "@/app/_components/field";
import type { FormSpec } from "@/app/_components/form-dialog";
import { FormDialogButton } from "@/app/_components/form-dialog-button";
import { type FieldErrors, text } from "@/app/_components/form-values";
import type { Said } from "@/app/_components/use-api-action";
import type { Role } from "@/lib/auth/roles";
import type { RoomDto } from "@/lib/rooms/room-schema";

const NAME_MAX = 200;

function check(form: FormData): FieldErrors {
  const name = text(form, "name");
  if (name === "") return { name: "Give the room a name." };
  if (name.length > NAME_MAX) return { name: `Keep the name to ${NAME_MAX} characters or fewer.` };
  return {};
}

const renamed = (room: RoomDto): Said => ["Room renamed", room.name];

/** Rename and End on a room's page; End is refused for an ended room, with the reason. */
export function RoomActions({ room, memberRole }: { room: RoomDto; memberRole: Role }) {
  const path = `/v1/workspace/rooms/${encodeURIComponent(room.id)}`;
  const rename: FormSpec<RoomDto> = {
    title: "Rename the room",
    description: "The share link and short code stay the same.",
    submitLabel: "Save name",
    submitTestId: "save-room-name",
    failureTitle: "Room not renamed",
    action: path,
    method: "PATCH",
    check,
    success: renamed,
  };
  return (
    <>
      <FormDialogButton<RoomDto>
        opener={{ memberRole, permission: "rooms:update", label: "Rename", testId: "rename-room" }}
        {...rename}
      >
        <TextField
          id="room_name"
          name="name"
          label="Name"
          defaultValue={room.name}
          maxLength={NAME_MAX}
          autoComplete="off"
        />
      </FormDialogButton>
      <ConfirmButton<RoomDto>
        opener={{
          memberRole,
          permission: "rooms:end",
          blockedReason: room.state === "ended" ? "This room has already ended." : undefined,
          label: "End room",
          className: "btn danger",
          testId: "end-room",
        }}
        ask={{
          title: `End ${room.name}?`,
          description:
            "Everyone is told the room has ended, new room tokens for it are refused, and it cannot be reopened. Webhook endpoints get room.ended.",
          action: "End room",
          danger: true,
          testId: "confirm-end-room",
        }}
        call={() => api(`${path}/end`, { method: "POST" })}
        outcome={{
          failure: "Room not ended",
          success: () => ["Room ended", `${room.name} can no longer be joined.`],
        }}
      />
    </>
  );
}
