"use client";

import { useState } from "react";
import { api } from "@/app/_components/api-client";
import { ConfirmButton } from "@/app/_components/confirm-button";
import { OpenerButton } from "@/app/_components/gated-button";
import { IconPlus } from "@/app/_components/icons";
import { lazyComponent, OnceOpened } from "@/app/_components/lazy-dialog";
import type { RevealedWorkspaceKey } from "@/app/(console)/workspace-keys/workspace-key-reveal";
import type { Role } from "@/lib/auth/roles";
import type { RotatedWorkspaceKey } from "@/lib/workspace-keys/workspace-key-schema";

const CreateWorkspaceKeyDialog = lazyComponent(() =>
  import("@/app/(console)/workspace-keys/create-workspace-key-dialog").then(
    (m) => m.CreateWorkspaceKeyDialog,
  ),
);
const WorkspaceKeyReveal = lazyComponent(() =>
  import("@/app/(console)/workspace-keys/workspace-key-reveal").then((m) => m.WorkspaceKeyReveal),
);

/**
 * The Workspace keys page's client parts (the table is rendered on the server, page.tsx): "New
 * workspace key" with its dialog, and each key's Rotate and Revoke. A new or rotated secret is shown
 * once, in a dialog loaded when first needed.
 */
export function NewWorkspaceKeyButton({
  memberRole,
  roles,
  projects,
}: {
  memberRole: Role;
  roles: string[];
  projects: { id: string; name: string }[];
}) {
  const [creating, setCreating] = useState(false);
  const [revealed, setRevealed] = useState<RevealedWorkspaceKey | null>(null);
  return (
    <>
      <OpenerButton
        opener={{
          memberRole,
          permission: "workspace_keys:write",
          label: "New workspace key",
          icon: <IconPlus />,
          testId: "new-workspace-key",
        }}
        onOpen={() => setCreating(true)}
      />
      <OnceOpened open={creating}>
        <CreateWorkspaceKeyDialog
          open={creating}
          roles={roles}
          projects={projects}
          onClose={() => setCreating(false)}
          onCreated={(k) => {
            setCreating(false);
            setRevealed({ title: "Workspace key created", name: k.name, key: k.key });
          }}
        />
      </OnceOpened>
      <OnceOpened open={revealed !== null}>
        <WorkspaceKeyReveal revealed={revealed} onClose={() => setRevealed(null)} />
      </OnceOpened>
    </>
  );
}

export function WorkspaceKeyActions({
  id,
  name,
  memberRole,
}: {
  id: string;
  name: string;
  memberRole: Role;
}) {
  const [revealed, setRevealed] = useState<RevealedWorkspaceKey | null>(null);
  const path = `/v1/workspace/keys/${encodeURIComponent(id)}`;
  const gate = { memberRole, permission: "workspace_keys:write" as const };
  return (
    <span className="row-actions">
      <ConfirmButton<RotatedWorkspaceKey>
        opener={{
          ...gate,
          label: "Rotate",
          name: `Rotate ${name}`,
          className: "btn secondary sm",
          testId: "rotate-workspace-key",
        }}
        ask={{
          title: `Rotate ${name}?`,
          description:
            "A new secret is made and shown once; the current one stops working at once, so update whatever holds it.",
          action: "Rotate",
          testId: "confirm-rotate-workspace-key",
        }}
        call={() => api<RotatedWorkspaceKey>(`${path}/rotate`, { method: "POST" })}
        outcome={{
          failure: "Key not rotated",
          after: (r) => setRevealed({ title: "Key rotated", name: r.name, key: r.key }),
        }}
      />
      <ConfirmButton
        opener={{
          ...gate,
          label: "Revoke",
          name: `Revoke ${name}`,
          className: "btn danger sm",
          testId: "revoke-workspace-key",
        }}
        ask={{
          title: `Revoke ${name}?`,
          description: "It stops working on its next request, for good. This cannot be undone.",
          action: "Revoke",
          danger: true,
          testId: "confirm-revoke-workspace-key",
        }}
        call={() => api(path, { method: "DELETE" })}
        outcome={{ failure: "Key not revoked", success: () => [`${name} revoked`] }}
      />
      <OnceOpened open={revealed !== null}>
        <WorkspaceKeyReveal revealed={revealed} onClose={() => setRevealed(null)} />
      </OnceOpened>
    </span>
  );
}
