"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { api } from "@/app/_components/api-client";
import { GatedButton } from "@/app/_components/gated-button";
import { LazyConfirmDialog } from "@/app/_components/lazy-confirm-dialog";
import { useToast } from "@/app/_components/toast";
import type { Role } from "@/lib/auth/roles";

/** Delete on a recording's row: asks, then deletes the recording and its stored file. */
export function DeleteRecordingButton({
  recordingId,
  label,
  memberRole,
}: {
  recordingId: string;
  /** "the recording of Standup": names the row for screen readers and the dialog. */
  label: string;
  memberRole: Role;
}) {
  const router = useRouter();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    const res = await api<null>(`/v1/workspace/recordings/${encodeURIComponent(recordingId)}`, {
      method: "DELETE",
    });
    setBusy(false);
    setOpen(false);
    if (!res.ok) return toast.error("Recording not deleted", res.problem.detail);
    toast.success("Recording deleted", "Its file is deleted; download links already shared stop working.");
    router.refresh();
  }

  return (
    <>
      <GatedButton
        memberRole={memberRole}
        permission="recordings:delete"
        className="btn danger sm"
        onClick={() => setOpen(true)}
        aria-label={`Delete ${label}`}
        data-testid="delete-recording"
      >
        Delete
      </GatedButton>
      <LazyConfirmDialog
        open={open}
        title={`Delete ${label}?`}
        description="The file is deleted from storage and download links already shared stop working. This cannot be undone."
        action="Delete recording"
        danger
        busy={busy}
        onConfirm={remove}
        onCancel={() => setOpen(false)}
        testId="confirm-delete-recording"
      />
    </>
  );
}
