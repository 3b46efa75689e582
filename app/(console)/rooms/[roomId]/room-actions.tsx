"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { api } from "@/app/_components/api-client";
import { TextField } from "@/app/_components/field";
import { type FieldErrors, text } from "@/app/_components/form-values";
import { GatedButton } from "@/app/_components/gated-button";
import { LazyConfirmDialog } from "@/app/_components/lazy-confirm-dialog";
import { LazyFormDialog } from "@/app/_components/lazy-form-dialog";
import { useToast } from "@/app/_components/toast";
import type { Role } from "@/lib/auth/roles";
import type { RoomDto } from "@/lib/rooms/room-schema";

const NAME_MAX = 200;

function check(form: FormData): FieldErrors {
  const name = text(form, "room_name");
  if (name === "") return { room_name: "Give the room a name." };
  if (name.length > NAME_MAX) return { room_name: `Keep the name to ${NAME_MAX} characters or fewer.` };
  return {};
}

/** Rename and End on a room's page; End is refused for an ended room, with the reason. */
export function RoomActions({ room, memberRole }: { room: RoomDto; memberRole: Role }) {
  const router = useRouter();
  const toast = useToast();
  const [renaming, setRenaming] = useState(false);
  const [ending, setEnding] = useState(false);
  const [busy, setBusy] = useState(false);
  const path = `/v1/workspace/rooms/${encodeURIComponent(room.id)}`;

  async function end() {
    setBusy(true);
    const res = await api<RoomDto>(`${path}/end`, { method: "POST" });
    setBusy(false);
    setEnding(false);
    if (!res.ok) return toast.error("Room not ended", res.problem.detail);
    toast.success("Room ended", `${room.name} can no longer be joined.`);
    router.refresh();
  }

  return (
    <>
      <GatedButton
        memberRole={memberRole}
        permission="rooms:update"
        className="btn secondary"
        onClick={() => setRenaming(true)}
        data-testid="rename-room"
      >
        Rename
      </GatedButton>
      <GatedButton
        memberRole={memberRole}
        permission="rooms:end"
        blockedReason={room.state === "ended" ? "This room has already ended." : undefined}
        className="btn danger"
        onClick={() => setEnding(true)}
        data-testid="end-room"
      >
        End room
      </GatedButton>
      <LazyFormDialog<RoomDto>
        open={renaming}
        onClose={() => setRenaming(false)}
        title="Rename the room"
        description="The share link and short code stay the same."
        submitLabel="Save name"
        submitTestId="save-room-name"
        failureTitle="Room not renamed"
        inputNames={{ name: "room_name" }}
        check={check}
        send={(form) => api(path, { method: "PATCH", json: { name: text(form, "room_name") } })}
        onSuccess={(r) => {
          setRenaming(false);
          toast.success("Room renamed", r.name);
          router.refresh();
        }}
      >
        {(errors) => (
          <TextField
            id="room_name"
            label="Name"
            error={errors.room_name}
            defaultValue={room.name}
            maxLength={NAME_MAX}
            autoComplete="off"
          />
        )}
      </LazyFormDialog>
      <LazyConfirmDialog
        open={ending}
        title={`End ${room.name}?`}
        description="Everyone is told the room has ended, new room tokens for it are refused, and it cannot be reopened. Webhook endpoints get room.ended."
        action="End room"
        danger
        busy={busy}
        onConfirm={end}
        onCancel={() => setEnding(false)}
        testId="confirm-end-room"
      />
    </>
  );
}
