"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { api } from "@/app/_components/api-client";
import { environmentLabel } from "@/app/_components/badges";
import { Choices } from "@/app/_components/choices";
import { CopyButton } from "@/app/_components/copy-button";
import { Dialog } from "@/app/_components/dialog";
import { Field, fieldA11y } from "@/app/_components/field";
import { type FieldErrors, text } from "@/app/_components/form-values";
import { GatedButton } from "@/app/_components/gated-button";
import { IconCheck, IconPlus } from "@/app/_components/icons";
import { LazyFormDialog } from "@/app/_components/lazy-form-dialog";
import { ROOM_TYPE_OPTIONS } from "@/app/_components/room-types";
import { useToast } from "@/app/_components/toast";
import type { ProjectRef } from "@/app/(console)/rooms/room-list";
import type { Role } from "@/lib/auth/roles";
import { roomShareLink } from "@/lib/invitations/share-link-format";
import type { RoomDto } from "@/lib/rooms/room-schema";

const NAME_MAX = 200;

function check(form: FormData): FieldErrors {
  if (text(form, "project_id") === "") return { project_id: "Choose the project the room belongs to." };
  if (text(form, "room_name").length > NAME_MAX)
    return { room_name: `Keep the name to ${NAME_MAX} characters or fewer.` };
  return {};
}

/**
 * "New room": project picker, name, and a picker for the four topologies; on success the share
 * link is shown with a copy button. Posts to /v1/workspace/rooms.
 */
export function CreateRoomButton({
  memberRole,
  projects,
  defaultProjectId,
  shareBase,
  blockedReason,
  label = "New room",
}: {
  memberRole: Role;
  projects: ProjectRef[];
  defaultProjectId: string | undefined;
  /** Where share links point (lib/invitations/share-link.ts `shareLinkBase()`). */
  shareBase: string;
  /** Why rooms cannot be created right now (no project yet, no plan), shown as the tooltip. */
  blockedReason?: string | undefined;
  label?: string;
}) {
  const router = useRouter();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<RoomDto | null>(null);
  const link = created ? roomShareLink(shareBase, created.short_code) : "";
  return (
    <>
      <GatedButton
        memberRole={memberRole}
        permission="rooms:create"
        blockedReason={blockedReason}
        className="btn"
        onClick={() => setOpen(true)}
        data-testid="new-room"
      >
        <IconPlus /> {label}
      </GatedButton>
      <LazyFormDialog<RoomDto>
        open={open}
        onClose={() => setOpen(false)}
        wide
        title="Create a room"
        description="Pick the topology; you can share the link right away."
        submitLabel="Create room"
        busyLabel="Creating…"
        failureTitle="Room not created"
        check={check}
        send={(form) =>
          api("/v1/workspace/rooms", {
            json: {
              project_id: text(form, "project_id"),
              type: text(form, "type") || "meeting",
              ...(text(form, "room_name") ? { name: text(form, "room_name") } : {}),
            },
          })
        }
        inputNames={{ name: "room_name" }}
        explain={(problem) =>
          problem.code === "plan_required"
            ? "Your organisation has not selected a plan yet. An Owner or Billing member can pick one."
            : undefined
        }
        onSuccess={(room) => {
          setOpen(false);
          setCreated(room);
          toast.success("Room created", room.name);
          router.refresh();
        }}
      >
        {(errors) => (
          <>
            <Field id="project_id" label="Project" error={errors.project_id}>
              <select
                {...fieldA11y("project_id", errors.project_id)}
                defaultValue={defaultProjectId ?? projects[0]?.id}
              >
                {projects.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} · {environmentLabel(p.environment)}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              id="room_name"
              label="Name"
              optional
              error={errors.room_name}
              hint="Defaults to the share code."
            >
              <input
                {...fieldA11y("room_name", errors.room_name, true)}
                placeholder="Weekly sync"
                data-autofocus
                maxLength={NAME_MAX}
                autoComplete="off"
              />
            </Field>
            <Choices
              legend="Type"
              name="type"
              type="radio"
              options={ROOM_TYPE_OPTIONS.map((t) => ({
                value: t.value,
                title: t.label,
                description: t.description,
                Icon: t.Icon,
              }))}
              checked={["meeting"]}
              error={errors.type}
            />
          </>
        )}
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
