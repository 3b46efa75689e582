"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { api } from "@/app/_components/api-client";
import { ConfirmDialog } from "@/app/_components/confirm-dialog";
import { useToast } from "@/app/_components/toast";
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
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const text = TEXT[pending?.action ?? "rotate"];

  async function run() {
    if (!pending) return;
    const { action, key } = pending;
    const path = `${base}/${encodeURIComponent(key.id)}`;
    setBusy(true);
    if (action === "rotate") {
      const res = await api<RotatedApiKey>(`${path}/rotate`, { method: "POST" });
      setBusy(false);
      onDone();
      if (!res.ok) return toast.error("Key not rotated", res.problem.detail);
      onRotated(key, res.data);
    } else {
      const res = await api<null>(path, { method: "DELETE" });
      setBusy(false);
      onDone();
      if (!res.ok) return toast.error("Key not revoked", res.problem.detail);
      toast.success("Key revoked", `${key.name} no longer authenticates.`);
    }
    router.refresh();
  }

  return (
    <ConfirmDialog
      open={pending !== null}
      title={`${text.title} ${pending?.key.name ?? ""}?`}
      description={text.description}
      action={text.action}
      danger={pending?.action === "revoke"}
      busy={busy}
      onConfirm={run}
      onCancel={onDone}
      testId="confirm-key-action"
    />
  );
}
