"use client";

import { CopyButton } from "@/app/_components/copy-button";
import { Dialog } from "@/app/_components/dialog";
import { IconCheck } from "@/app/_components/icons";

export interface RevealedSecret {
  title: string;
  kid: string;
  secret: string;
}

/** A signing secret, shown this once (creation or rotation), with a copy button. */
export function SecretDialog({
  revealed,
  onClose,
}: {
  revealed: RevealedSecret | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={revealed !== null}
      onClose={onClose}
      title={revealed?.title ?? ""}
      description="Copy the signing secret now: it is shown only this once. A lost secret is replaced by rotating it."
      wide
    >
      {revealed ? (
        <div className="success-panel" data-testid="webhook-secret-revealed">
          <div className="success-head">
            <IconCheck /> New deliveries to this endpoint are signed with key id {revealed.kid}.
          </div>
          <div>
            <div className="label" style={{ marginBottom: 6 }}>
              Signing secret ({revealed.kid})
            </div>
            <div className="copy-row">
              <code data-testid="revealed-signing-secret">{revealed.secret}</code>
              <CopyButton
                value={revealed.secret}
                label="Copy signing secret"
                text="Copy"
                toastTitle="Secret copied"
              />
            </div>
            <p className="hint" style={{ marginTop: 6 }}>
              Verify each delivery: base64 HMAC-SHA-256 of{" "}
              <span className="mono">X-SVC-Webhook-Ts + "." + raw body</span> with this secret must equal{" "}
              <span className="mono">X-SVC-Webhook-Sig</span>; pick the secret by{" "}
              <span className="mono">X-SVC-Webhook-Kid</span>.
            </p>
          </div>
          <div className="form-actions">
            <button type="button" className="btn" onClick={onClose}>
              I have stored it
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
