"use client";

import { api } from "@/app/_components/api-client";
import { ConfirmDialog } from "@/app/_components/confirm-dialog";
import { useApiAction } from "@/app/_components/use-api-action";
import type { KeyAction } from "@/app/(console)/projects/[projectId]/api-key-table";
import type { ApiKeyDto, RotatedApiKey } from "@/lib/api-keys/api-key-schema";

const TEXT: Record<KeyAction, { title: string; description: string; action: string }> = {
  rotate: {
    title: "Rotate",
    description:
      "A new secret is issued and the current one stops working immediately. Servers using it get 401 until they have the new key.",
    action: "Rotate key",
  },
  revoke: {
    title: "Revoke",
    description: "The key stops working immediately and cannot be restored. Servers using it get 401.",
    action: "Revoke key",
  },
};

/** Asks before rotating or revoking a key, then does it; a rotation hands the new key on to be shown. */
export function KeyActionDialog({
  base,
  pending,
  onDone,
  onRotated,
}: {
  /** `/v1/workspace/projects/<id>/api-keys` */
  base: string;
  pending: { action: KeyAction; key: ApiKeyDto } | null;
  onDone: () => void;
  onRotated: (key: ApiKeyDto, rotated: RotatedApiKey) => void;
}) {
  const { busy, run } = useApiAction();
  const text = TEXT[pending?.action ?? "rotate"];

  function confirm() {
    if (!pending) return;
    const { action, key } = pending;
    const path = `${base}/${encodeURIComponent(key.id)}`;
    if (action === "rotate") {
      return run("rotate", () => api<RotatedApiKey>(`${path}/rotate`, { method: "POST" }).finally(onDone), {
        failure: "Key not rotated",
        after: (rotated) => onRotated(key, rotated),
      });
    }
    return run("revoke", () => api<null>(path, { method: "DELETE" }).finally(onDone), {
      failure: "Key not revoked",
      success: () => ["Key revoked", `${key.name} no longer authenticates.`],
    });
  }

  return (
    <ConfirmDialog
      open={pending !== null}
      title={`${text.title} ${pending?.key.name ?? ""}?`}
      description={text.description}
      action={text.action}
      danger={pending?.action === "revoke"}
      busy={busy !== null}
      onConfirm={confirm}
      onCancel={onDone}
      testId="confirm-key-action"
    />
  );
}
