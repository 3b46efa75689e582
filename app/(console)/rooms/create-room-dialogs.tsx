"use client";

import { useState } from "react";
import type { Problem } from "@/app/_components/api-client";
import { environmentLabel } from "@/app/_components/badges";
import { Choices } from "@/app/_components/choices";
import { CopyButton } from "@/app/_components/copy-button";
import { Dialog } from "@/app/_components/dialog";
import { SelectField, TextField } from "@/app/_components/field";
import type { FormSpec } from "@/app/_components/form-dialog";
import { type FieldErrors, text } from "@/app/_components/form-values";
import { IconCheck } from "@/app/_components/icons/ui";
import { LazyFormDialog } from "@/app/_components/lazy-form-dialog";
import { ROOM_TYPE_CHOICES } from "@/app/_components/room-types";
import type { Said } from "@/app/_components/use-api-action";
import type { ProjectRef } from "@/app/(console)/rooms/room-list";
import { roomShareLink } from "@/lib/invitations/share-link-format";
import type { RoomDto } from "@/lib/rooms/room-schema";

const NAME_MAX = 200;

function check(form: FormData): FieldErrors {
  if (text(form, "project_id") === "") return { project_id: "Choose the project the room belongs to." };
  if (text(form, "name").length > NAME_MAX)
    return { name: `Keep the name to ${NAME_MAX} characters or fewer.` };
  return {};
}

const explain = (problem: Problem) =>
  problem.code === "plan_required"
    ? "Your organisation has not selected a plan yet. An Owner or Billing member can pick one."
    : undefined;

const roomCreated = (room: RoomDto): Said => ["Room created", room.name];

const createRoom: FormSpec<RoomDto> = {
  title: "Create a room",
  description:
    "Pick the topology; you can share the link right away. A room ends for good when its last participant leaves or someone ends it, and its link then stops working: make a new room for each meeting.",
  wide: true,
  submitLabel: "Create room",
  busyLabel: "Creating…",
  failureTitle: "Room not created",
  action: "/v1/workspace/rooms",
  check,
  explain,
  success: roomCreated,
};

/**
 * "New room"'s dialogs: project picker, name, and a picker for the four topologies; on success the
 * share link is shown with a copy button. Posts to /v1/workspace/rooms. Loaded when the dialog
 * first opens (create-room-button.tsx): its fields are no part of the Rooms page's first load.
 */
export function CreateRoomDialogs({
  open,
  setOpen,
  projects,
  defaultProjectId,
  shareBase,
  like,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  projects: ProjectRef[];
  defaultProjectId: string | undefined;
  shareBase: string;
  like?: { name: string; type: string; projectId: string } | undefined;
}) {
  const [created, setCreated] = useState<RoomDto | null>(null);
  const link = created ? roomShareLink(shareBase, created.short_code) : "";
  return (
    <>
      <LazyFormDialog<RoomDto>
        {...createRoom}
        open={open}
        onClose={() => setOpen(false)}
        onSuccess={(room) => {
          setOpen(false);
          setCreated(room);
        }}
      >
        <SelectField
          id="project_id"
          label="Project"
          defaultValue={like?.projectId ?? defaultProjectId ?? projects[0]?.id}
        >
          {projects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} · {environmentLabel(p.environment)}
            </option>
          ))}
        </SelectField>
        <TextField
          id="room_name"
          name="name"
          label="Name"
          optional
          hint="Defaults to the share code."
          placeholder="Weekly sync"
          defaultValue={like?.name}
          data-autofocus
          maxLength={NAME_MAX}
          autoComplete="off"
        />
        <Choices
          legend="Type"
          name="type"
          type="radio"
          options={ROOM_TYPE_CHOICES}
          checked={[like?.type ?? "meeting"]}
        />
      </LazyFormDialog>
      <Dialog open={created !== null} onClose={() => setCreated(null)} wide title="Room ready">
        {created ? (
          <div className="success-panel" data-testid="room-created">
            <div className="success-head">
              <IconCheck /> <span className="wrap-anywhere">{created.name} is ready to join.</span>
            </div>
            <div>
              <div className="label" style={{ marginBottom: 6 }}>
                Share link
              </div>
              <div className="copy-row">
                <code data-testid="created-share-link">{link}</code>
                <CopyButton value={link} label="Copy share link" text="Copy" toastTitle="Share link copied" />
              </div>
              <p className="hint" style={{ marginTop: 6 }}>
                Anyone with the link can ask to join. The link does not reveal the room id (
                <span className="mono">{created.id}</span>).
              </p>
              <p className="hint" style={{ marginTop: 6 }} data-testid="room-finality">
                The room ends for good when its last participant leaves: trying it alone and leaving ends it.
                Make a new room for the next meeting.
              </p>
            </div>
            <div className="form-actions">
              <button
                type="button"
                className="btn secondary"
                onClick={() => {
                  setCreated(null);
                  setOpen(true);
                }}
              >
                Create another
              </button>
              <button type="button" className="btn" onClick={() => setCreated(null)}>
                Done
              </button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </>
  );
}
