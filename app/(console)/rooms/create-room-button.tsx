"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { api, fieldErrors } from "@/app/_components/api-client";
import { environmentLabel } from "@/app/_components/badges";
import { CopyButton } from "@/app/_components/copy-button";
import { Dialog } from "@/app/_components/dialog";
import { Field, fieldA11y, zodFieldErrors } from "@/app/_components/field";
import { GatedButton } from "@/app/_components/gated-button";
import { IconAlert, IconCheck, IconPlus, IconSpinner } from "@/app/_components/icons";
import { ROOM_TYPE_OPTIONS, shareLink } from "@/app/_components/room-types";
import { useToast } from "@/app/_components/toast";
import type { ProjectRef } from "@/app/(console)/rooms/room-list";
import type { Role } from "@/lib/auth/roles";
import { createRoomBody } from "@/lib/rooms/create-room-schema";
import type { RoomDto } from "@/lib/rooms/serialize-room";

/** The API's `name` is the form's `room_name` (its id must not clash with other forms' `name`). */
function withRoomName(errors: Record<string, string>): Record<string, string> {
  return errors.name ? { ...errors, room_name: errors.name } : errors;
}

/**
 * "New room": project picker, name, and a picker for the four topologies; on success the share
 * link is shown with a copy button. Posts to /v1/workspace/rooms.
 */
export function CreateRoomButton({
  memberRole,
  projects,
  defaultProjectId,
  meetHost,
  blockedReason,
  label = "New room",
}: {
  memberRole: Role;
  projects: ProjectRef[];
  defaultProjectId: string | undefined;
  meetHost: string;
  /** Why rooms cannot be created right now (no project yet, no plan), shown as the tooltip. */
  blockedReason?: string | undefined;
  label?: string;
}) {
  const router = useRouter();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<RoomDto | null>(null);

  function close() {
    setOpen(false);
    setErrors({});
    setFormError(null);
    setCreated(null);
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const name = String(form.get("room_name") ?? "").trim();
    const parsed = createRoomBody.safeParse({
      project_id: String(form.get("project_id") ?? ""),
      name: name === "" ? undefined : name,
      type: String(form.get("type") ?? "meeting"),
    });
    if (!parsed.success) {
      setErrors(withRoomName(zodFieldErrors(parsed.error)));
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    const res = await api<RoomDto>("/v1/workspace/rooms", { json: parsed.data });
    setBusy(false);
    if (res.ok) {
      setCreated(res.data);
      toast.success("Room created", res.data.name);
      router.refresh();
      return;
    }
    const { problem } = res;
    if (problem.code === "validation_failed") {
      setErrors(withRoomName(fieldErrors(problem)));
    } else {
      const detail =
        problem.code === "plan_required"
          ? "Your organisation has not selected a plan yet. An Owner or Billing member can pick one."
          : problem.detail;
      setFormError(detail);
      toast.error("Room not created", detail);
    }
  }

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
      <Dialog
        open={open}
        onClose={close}
        wide
        title={created ? "Room ready" : "Create a room"}
        description={created ? undefined : "Pick the topology; you can share the link right away."}
      >
        {created ? (
          <div className="success-panel" data-testid="room-created">
            <div className="success-head">
              <IconCheck /> {created.name} is ready to join.
            </div>
            <div>
              <div className="label" style={{ marginBottom: 6 }}>
                Share link
              </div>
              <div className="copy-row">
                <code data-testid="created-share-link">{shareLink(meetHost, created.short_code)}</code>
                <CopyButton
                  value={shareLink(meetHost, created.short_code)}
                  label="Copy share link"
                  text="Copy"
                  toastTitle="Share link copied"
                />
              </div>
              <p className="hint" style={{ marginTop: 6 }}>
                Anyone with the link can ask to join. The link does not reveal the room id (
                <span className="mono">{created.id}</span>).
              </p>
            </div>
            <div className="form-actions">
              <button type="button" className="btn secondary" onClick={() => setCreated(null)}>
                Create another
              </button>
              <button type="button" className="btn" onClick={close}>
                Done
              </button>
            </div>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label="Create a room">
            {formError ? (
              <div className="form-error" role="alert">
                <IconAlert /> {formError}
              </div>
            ) : null}
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
                maxLength={200}
                autoComplete="off"
              />
            </Field>
            <fieldset>
              <legend className="label">Type</legend>
              <div className="choices">
                {ROOM_TYPE_OPTIONS.map((t) => (
                  <label key={t.value} className="choice">
                    <input type="radio" name="type" value={t.value} defaultChecked={t.value === "meeting"} />
                    <span className="choice-body">
                      <t.Icon />
                      <span>
                        <span className="choice-title">{t.label}</span>
                        <br />
                        <span className="choice-desc">{t.description}</span>
                      </span>
                    </span>
                  </label>
                ))}
              </div>
              {errors.type ? <p className="field-error">{errors.type}</p> : null}
            </fieldset>
            <div className="form-actions">
              <button type="button" className="btn secondary" onClick={close}>
                Cancel
              </button>
              <button type="submit" className="btn" disabled={busy}>
                {busy ? <IconSpinner className="spin" /> : null}
                {busy ? "Creating…" : "Create room"}
              </button>
            </div>
          </form>
        )}
      </Dialog>
    </>
  );
}
