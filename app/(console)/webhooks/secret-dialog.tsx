"use client";

import { SecretRevealDialog } from "@/app/_components/secret-reveal-dialog";
import { SnippetTabs } from "@/app/_components/snippet-tabs";
import { webhookVerifySnippets } from "@/app/_lib/snippets";

export interface RevealedSecret {
  title: string;
  kid: string;
  secret: string;
  endpointId: string;
}

/** A signing secret, shown this once (creation or rotation), with a copy button and code that uses it. */
export function SecretDialog({
  revealed,
  onClose,
}: {
  revealed: RevealedSecret | null;
  onClose: () => void;
}) {
  return (
    <SecretRevealDialog
      revealed={revealed}
      onClose={onClose}
      description="Your receiver verifies every delivery with this secret."
      testId="webhook-secret-revealed"
      headline={`New deliveries to this endpoint are signed with key id ${revealed?.kid ?? ""}.`}
      warning={
        <>
          <strong>Copy the signing secret now: it is shown only this once.</strong> It is stored encrypted and
          never displayed again. Lost it? Rotate the secret for a new one.
        </>
      }
      values={[
        {
          label: `Signing secret (${revealed?.kid ?? ""})`,
          value: revealed?.secret ?? "",
          copyLabel: "Copy signing secret",
          testId: "revealed-signing-secret",
          hint: (
            <>
              Verify each delivery: base64 HMAC-SHA-256 of{" "}
              <span className="mono">X-SVC-Webhook-Ts + "." + raw body</span> with this secret must equal{" "}
              <span className="mono">X-SVC-Webhook-Sig</span>; pick the secret by{" "}
              <span className="mono">X-SVC-Webhook-Kid</span>.
            </>
          ),
        },
      ]}
    >
      {revealed ? (
        <SnippetTabs
          title="Verify a delivery with it"
          snippets={webhookVerifySnippets({
            endpointId: revealed.endpointId,
            kid: revealed.kid,
            secret: revealed.secret,
          })}
          labels={{ curl: "Shell" }}
          testId="revealed-secret-snippets"
        />
      ) : null}
    </SecretRevealDialog>
  );
}
