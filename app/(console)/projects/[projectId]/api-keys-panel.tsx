"use client";

import { type ReactNode, useState } from "react";
import { EmptyState } from "@/app/_components/empty-state";
import { OpenerButton } from "@/app/_components/gated-button";
import { IconKey, IconPlus } from "@/app/_components/icons";
import { lazyComponent, OnceOpened } from "@/app/_components/lazy-dialog";
import { SnippetTabs } from "@/app/_components/snippet-tabs";
import type { Snippets } from "@/app/_lib/snippet-languages";
import { ApiKeyTable, type KeyAction } from "@/app/(console)/projects/[projectId]/api-key-table";
import type { RevealedKey, TokenExample } from "@/app/(console)/projects/[projectId]/revealed-key-dialog";
import type { ApiKeyDto } from "@/lib/api-keys/api-key-schema";
import type { Role } from "@/lib/auth/roles";

const MintKeyDialog = lazyComponent(() =>
  import("@/app/(console)/projects/[projectId]/mint-key-dialog").then((m) => m.MintKeyDialog),
);
const KeyActionDialog = lazyComponent(() =>
  import("@/app/(console)/projects/[projectId]/key-action-dialog").then((m) => m.KeyActionDialog),
);
const RevealedKeyDialog = lazyComponent(() =>
  import("@/app/(console)/projects/[projectId]/revealed-key-dialog").then((m) => m.RevealedKeyDialog),
);

/**
 * A project's API keys: the table, "New API key", and the dialogs around them — mint
 * (mint-key-dialog), confirm a rotation or revocation (key-action-dialog), and the new key shown
 * once (revealed-key-dialog) — plus the code that uses a key.
 */
export function ApiKeysPanel({
  projectId,
  projectName,
  keys,
  memberRole,
  blockedReason,
  now,
  heading,
  example,
  snippets,
  toolbar,
  foot,
  searched,
}: {
  projectId: string;
  projectName: string;
  keys: ApiKeyDto[];
  memberRole: Role;
  /** Why new keys cannot be minted right now (cloud mode without a plan). */
  blockedReason?: string | undefined;
  now: number;
  /** Replaces the panel's "API keys" heading (the API keys page names the project there instead). */
  heading?: ReactNode;
  example: TokenExample;
  /** "Mint a room token" code for this project, made on the server (app/_lib/snippets.ts). */
  snippets: Snippets;
  /** The list's search (key-list-parts.tsx), drawn by the server. */
  toolbar?: ReactNode;
  /** The list's count and paging links, drawn by the server. */
  foot?: ReactNode;
  /** The search the list shows, if any: an empty list then says no key matches. */
  searched?: string | undefined;
}) {
  const [minting, setMinting] = useState(false);
  const [pending, setPending] = useState<{ action: KeyAction; key: ApiKeyDto } | null>(null);
  const [revealed, setRevealed] = useState<RevealedKey | null>(null);
  const base = `/v1/workspace/projects/${encodeURIComponent(projectId)}/api-keys`;

  return (
    <section aria-labelledby="api-keys-heading">
      <div className="page-head" style={{ marginBottom: 12 }}>
        {heading ?? (
          <div>
            <h2 id="api-keys-heading">API keys</h2>
            <p>
              Your servers use a project key to mint room tokens and register webhooks. It is shown once; only
              a hash is stored.
            </p>
          </div>
        )}
        <div className="page-actions">
          <OpenerButton
            opener={{
              memberRole,
              permission: "api_keys:write",
              blockedReason,
              label: "New API key",
              icon: <IconPlus />,
              testId: "new-api-key",
            }}
            onOpen={() => setMinting(true)}
          />
        </div>
      </div>

      {toolbar}
      {keys.length === 0 && searched ? (
        <EmptyState icon={<IconKey />} title="No key matches this search">
          No key&apos;s name or prefix contains “{searched}”.
        </EmptyState>
      ) : keys.length === 0 ? (
        <EmptyState icon={<IconKey />} title="No API keys yet">
          Create a key for {projectName}, then keep it on your server: it mints room tokens for your users.
        </EmptyState>
      ) : (
        <ApiKeyTable
          keys={keys}
          memberRole={memberRole}
          now={now}
          onAction={(action, key) => setPending({ action, key })}
          foot={foot}
        />
      )}

      <div className="card snippet-card">
        <SnippetTabs title="Mint a room token from your server" snippets={snippets} testId="key-snippets" />
      </div>

      <OnceOpened open={minting}>
        <MintKeyDialog
          open={minting}
          base={base}
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
      <OnceOpened open={pending !== null}>
        <KeyActionDialog
          base={base}
          pending={pending}
          onDone={() => setPending(null)}
          onRotated={(key, rotated) =>
            setRevealed({
              title: "Key rotated",
              name: key.name,
              projectKey: rotated.project_key,
              secret: rotated.secret,
            })
          }
        />
      </OnceOpened>
      <OnceOpened open={revealed !== null}>
        <RevealedKeyDialog revealed={revealed} example={example} onClose={() => setRevealed(null)} />
      </OnceOpened>
    </section>
  );
}
