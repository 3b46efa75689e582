"use client";

import { SecretRevealDialog } from "@/app/_components/secret-reveal-dialog";

/** A workspace key just created or rotated: shown once (docs/decisions/1290). */
export interface RevealedWorkspaceKey {
  title: string;
  name: string;
  key: string;
}

export function WorkspaceKeyReveal({
  revealed,
  onClose,
}: {
  revealed: RevealedWorkspaceKey | null;
  onClose: () => void;
}) {
  return (
    <SecretRevealDialog
      revealed={revealed}
      onClose={onClose}
      description="Keep it where your automation keeps secrets (a CI secret, a vault), never in a repository."
      testId="workspace-key-revealed"
      headline={`${revealed?.name ?? ""} is ready.`}
      warning={
        <>
          <strong>This is the only time it is shown.</strong> Only a hash is stored. Lost it? Rotate the key
          for a new secret.
        </>
      }
      values={[
        {
          label: "Workspace key",
          value: revealed?.key ?? "",
          copyLabel: "Copy the workspace key",
          testId: "revealed-workspace-key",
          hint: (
            <>
              Send it as <span className="mono">Authorization: Bearer &lt;key&gt;</span> to the{" "}
              <span className="mono">/v1/workspace</span> API, the SDK or the CLI.
            </>
          ),
        },
      ]}
    />
  );
}
