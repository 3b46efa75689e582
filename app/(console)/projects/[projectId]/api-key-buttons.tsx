"use client";

import { type ReactNode, useState } from "react";
import { api } from "@/app/_components/api-client";
import { ConfirmButton } from "@/app/_components/confirm-button";
import { OpenerButton } from "@/app/_components/gated-button";
import { lazyComponent, OnceOpened } from "@/app/_components/lazy-dialog";
import type { RevealedKey, TokenExample } from "@/app/(console)/projects/[projectId]/revealed-key-dialog";
import type { RotatedApiKey } from "@/lib/api-keys/api-key-schema";
import type { Role } from "@/lib/auth/roles";

const MintKeyDialog = lazyComponent(() =>
  import("@/app/(console)/projects/[projectId]/mint-key-dialog").then((m) => m.MintKeyDialog),
);
const RevealedKeyDialog = lazyComponent(() =>
  import("@/app/(console)/projects/[projectId]/revealed-key-dialog").then((m) => m.RevealedKeyDialog),
);

const keysPath = (projectId: string) => `/v1/workspace/projects/${encodeURIComponent(projectId)}/api-keys`;

/**
 * The key panel's client parts (the table is drawn by the server, api-keys-panel.tsx; decision
 * 1385): "New API key" and each key's Rotate and Revoke. Their dialogs load when first opened; a
 * new or rotated key is shown once, with the code that uses it.
 */
export function NewApiKeyButton({
  projectId,
  memberRole,
  blockedReason,
  example,
  icon,
}: {
  projectId: string;
  memberRole: Role;
  /** Why new keys cannot be minted right now (cloud mode without a plan). */
  blockedReason?: string | undefined;
  example: TokenExample;
  /** Drawn by the server (a client module would carry every icon of its module). */
  icon: ReactNode;
}) {
  const [minting, setMinting] = useState(false);
  const [revealed, setRevealed] = useState<RevealedKey | null>(null);
  return (
    <>
      <OpenerButton
        opener={{
          memberRole,
          permission: "api_keys:write",
          blockedReason,
          label: "New API key",
          icon,
          testId: "new-api-key",
        }}
        onOpen={() => setMinting(true)}
      />
      <OnceOpened open={minting}>
        <MintKeyDialog
          open={minting}
          base={keysPath(projectId)}
          onClose={() => setMinting(false)}
          onMinted={(key) => {
            setMinting(false);
            setRevealed({
              title: "API key created",
              name: key.name,
              projectKey: key.project_key,
              secret: key.secret,
            });
          }}
        />
      </OnceOpened>
      <OnceOpened open={revealed !== null}>
        <RevealedKeyDialog revealed={revealed} example={example} onClose={() => setRevealed(null)} />
      </OnceOpened>
    </>
  );
}

/** Rotate (the new key shown once) and Revoke of one active key, each asking first. */
export function ApiKeyActions({
  projectId,
  keyId,
  name,
  memberRole,
  example,
}: {
  projectId: string;
  keyId: string;
  name: string;
  memberRole: Role;
  example: TokenExample;
}) {
  const [revealed, setRevealed] = useState<RevealedKey | null>(null);
  const path = `${keysPath(projectId)}/${encodeURIComponent(keyId)}`;
  const gate = { memberRole, permission: "api_keys:write" } as const;
  return (
    <span className="row-actions">
      <ConfirmButton<RotatedApiKey>
        opener={{
          ...gate,
          label: "Rotate",
          name: `Rotate ${name}`,
          className: "btn secondary sm",
          testId: "rotate-api-key",
        }}
        ask={{
          title: `Rotate ${name}?`,
          description:
            "A new secret is issued and the current one stops working immediately. Servers using it get 401 until they have the new key.",
          action: "Rotate key",
          testId: "confirm-key-action",
        }}
        call={() => api<RotatedApiKey>(`${path}/rotate`, { method: "POST" })}
        outcome={{
          failure: "Key not rotated",
          after: (rotated) =>
            setRevealed({
              title: "Key rotated",
              name,
              projectKey: rotated.project_key,
              secret: rotated.secret,
            }),
        }}
      />
      <ConfirmButton<null>
        opener={{
          ...gate,
          label: "Revoke",
          name: `Revoke ${name}`,
          className: "btn danger sm",
          testId: "revoke-api-key",
        }}
        ask={{
          title: `Revoke ${name}?`,
          description: "The key stops working immediately and cannot be restored. Servers using it get 401.",
          action: "Revoke key",
          danger: true,
          testId: "confirm-key-action",
        }}
        call={() => api<null>(path, { method: "DELETE" })}
        outcome={{
          failure: "Key not revoked",
          success: () => ["Key revoked", `${name} no longer authenticates.`],
        }}
      />
      <OnceOpened open={revealed !== null}>
        <RevealedKeyDialog revealed={revealed} example={example} onClose={() => setRevealed(null)} />
      </OnceOpened>
    </span>
  );
}
