import type { ReactNode } from "react";
import { EmptyState } from "@/app/_components/empty-state";
import { IconKey, IconPlus } from "@/app/_components/icons";
import { SnippetTabs } from "@/app/_components/snippet-tabs";
import type { Snippets } from "@/app/_lib/snippet-languages";
import { NewApiKeyButton } from "@/app/(console)/projects/[projectId]/api-key-buttons";
import { ApiKeyTable } from "@/app/(console)/projects/[projectId]/api-key-table";
import type { TokenExample } from "@/app/(console)/projects/[projectId]/revealed-key-dialog";
import type { ApiKeyDto } from "@/lib/api-keys/api-key-schema";
import type { Role } from "@/lib/auth/roles";

/**
 * A project's API keys: the table, "New API key", and the code that uses a key. Drawn by the
 * server (decision 1385); the buttons are client code (api-key-buttons.tsx) whose dialogs — mint
 * (mint-key-dialog), confirm a rotation or revocation, the new key shown once
 * (revealed-key-dialog) — load when first opened.
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
          <NewApiKeyButton
            projectId={projectId}
            memberRole={memberRole}
            blockedReason={blockedReason}
            example={example}
            icon={<IconPlus />}
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
          projectId={projectId}
          keys={keys}
          memberRole={memberRole}
          now={now}
          example={example}
          foot={foot}
        />
      )}

      <div className="card snippet-card">
        <SnippetTabs title="Mint a room token from your server" snippets={snippets} testId="key-snippets" />
      </div>
    </section>
  );
}
