"use client";

import { SecretRevealDialog } from "@/app/_components/secret-reveal-dialog";
import { SnippetTabs } from "@/app/_components/snippet-tabs";
import { roomTokenSnippets } from "@/app/_lib/snippets";

/** The project key just minted or rotated: shown once, in a dialog that says so. */
export interface RevealedKey {
  title: string;
  name: string;
  projectKey: string;
  secret: string;
}

/** Where the "mint a room token" code points: this service and a room of the project. */
export interface TokenExample {
  baseUrl: string;
  room: string;
  role: string;
}

export function RevealedKeyDialog({
  revealed,
  example,
  onClose,
}: {
  revealed: RevealedKey | null;
  example: TokenExample;
  onClose: () => void;
}) {
  return (
    <SecretRevealDialog
      revealed={revealed}
      onClose={onClose}
      description="Keep it on your server, never in a browser or a mobile app."
      testId="api-key-revealed"
      headline={`${revealed?.name ?? ""} is ready.`}
      warning={
        <>
          <strong>This is the only time these are shown.</strong> Only a hash is stored, so nobody can show
          them again. Lost them? Rotate the key for a new secret.
        </>
      }
      values={[
        {
          label: "Project key",
          value: revealed?.projectKey ?? "",
          copyLabel: "Copy project key",
          testId: "revealed-project-key",
          hint: (
            <>
              Ready to paste: send it as{" "}
              <span className="mono">Authorization: Bearer &lt;project key&gt;</span> to{" "}
              <span className="mono">POST /v1/auth/tokens/room</span>.
            </>
          ),
        },
        {
          label: "API key secret",
          value: revealed?.secret ?? "",
          copyLabel: "Copy API key secret",
          testId: "revealed-api-key",
          hint: "The bare secret (svc_live_…) authenticates too, without the key id.",
        },
      ]}
    >
      {revealed ? (
        <SnippetTabs
          title="Mint a room token with it"
          snippets={roomTokenSnippets({ ...example, projectKey: revealed.projectKey })}
          testId="revealed-key-snippets"
        />
      ) : null}
    </SecretRevealDialog>
  );
}
