"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { api } from "@/app/_components/api-client";
import { GatedButton } from "@/app/_components/gated-button";
import { IconSpinner } from "@/app/_components/icons";
import { lazyComponent, OnceOpened } from "@/app/_components/lazy-dialog";
import { useToast } from "@/app/_components/toast";
import type { RevealedSecret } from "@/app/(console)/webhooks/secret-dialog";
import type { Role } from "@/lib/auth/roles";
import type { RotatedSecret, WebhookDto } from "@/lib/webhooks/endpoint-schema";

type Confirm = "rotate" | "delete" | null;

const SecretDialog = lazyComponent(() =>
  import("@/app/(console)/webhooks/secret-dialog").then((m) => m.SecretDialog),
);
const ConfirmDialog = lazyComponent(() =>
  import("@/app/_components/confirm-dialog").then((m) => m.ConfirmDialog),
);

/** Send a test event, enable or disable, rotate the signing secret, delete. */
export function EndpointActions({ endpoint, memberRole }: { endpoint: WebhookDto; memberRole: Role }) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  const base = `/v1/workspace/webhooks/${encodeURIComponent(endpoint.id)}`;

  async function sendTest() {
    if (busy) return;
    setBusy("test");
    const res = await api(`${base}/test`, { method: "POST" });
    setBusy(null);
    if (!res.ok) return toast.error("Test event not sent", res.problem.detail);
    toast.success("Test event queued", "A webhook.test delivery is on its way; it appears in the log below.");
    router.refresh();
  }

  async function setActive(active: boolean) {
    if (busy) return;
    setBusy("active");
    const res = await api<WebhookDto>(base, { method: "PATCH", json: { active } });
    setBusy(null);
    if (!res.ok) return toast.error(active ? "Not enabled" : "Not disabled", res.problem.detail);
    toast.success(
      active ? "Endpoint enabled" : "Endpoint disabled",
      active
        ? "New events are delivered again, with a fresh health record. Recover the window it missed to send skipped deliveries."
        : "No new deliveries; pending ones are cancelled.",
    );
    router.refresh();
  }

  async function runConfirmed() {
    if (confirm === "rotate") {
      setBusy("rotate");
      const res = await api<RotatedSecret>(`${base}/rotate-secret`, { method: "POST" });
      setBusy(null);
      setConfirm(null);
      if (!res.ok) return toast.error("Secret not rotated", res.problem.detail);
      setRevealed({
        title: "Signing secret rotated",
        kid: res.data.kid,
        secret: res.data.signing_secret,
        endpointId: endpoint.id,
      });
      router.refresh();
    } else if (confirm === "delete") {
      setBusy("delete");
      const res = await api(base, { method: "DELETE" });
      setBusy(null);
      setConfirm(null);
      if (!res.ok) return toast.error("Endpoint not deleted", res.problem.detail);
      toast.success("Endpoint deleted", endpoint.url);
      router.push("/webhooks");
      router.refresh();
    }
  }

  const gate = { memberRole, permission: "webhooks:write" as const };
  return (
    <div className="form-actions" style={{ justifyContent: "flex-start", flexWrap: "wrap" }}>
      <GatedButton
        {...gate}
        className="btn"
        onClick={sendTest}
        blockedReason={endpoint.active ? undefined : "Enable the endpoint to send a test event."}
        data-testid="send-test-event"
      >
        {busy === "test" ? <IconSpinner className="spin" /> : null} Send test event
      </GatedButton>
      <GatedButton
        {...gate}
        className="btn secondary"
        onClick={() => setActive(!endpoint.active)}
        data-testid="toggle-endpoint"
      >
        {busy === "active" ? <IconSpinner className="spin" /> : null}{" "}
        {endpoint.active ? "Disable" : endpoint.health.disabled_reason ? "Re-enable" : "Enable"}
      </GatedButton>
      <GatedButton
        {...gate}
        className="btn secondary"
        onClick={() => setConfirm("rotate")}
        data-testid="rotate-secret"
      >
        Rotate secret
      </GatedButton>
      <GatedButton
        {...gate}
        className="btn danger"
        onClick={() => setConfirm("delete")}
        data-testid="delete-endpoint"
      >
        Delete
      </GatedButton>

      <OnceOpened open={confirm !== null}>
        <ConfirmDialog
          open={confirm !== null}
          title={confirm === "rotate" ? "Rotate the signing secret?" : "Delete this endpoint?"}
          description={
            confirm === "rotate"
              ? "Deliveries are signed with a new secret under the next key id from now on. Keep the previous secret loaded in your receiver for 24 hours, until deliveries already in flight have drained."
              : "No more deliveries are made to it, pending ones included, and its delivery log is deleted. This cannot be undone."
          }
          action={confirm === "rotate" ? "Rotate secret" : "Delete endpoint"}
          danger={confirm === "delete"}
          busy={busy !== null}
          onConfirm={runConfirmed}
          onCancel={() => setConfirm(null)}
          testId="confirm-endpoint-action"
        />
      </OnceOpened>
      <OnceOpened open={revealed !== null}>
        <SecretDialog revealed={revealed} onClose={() => setRevealed(null)} />
      </OnceOpened>
    </div>
  );
}
