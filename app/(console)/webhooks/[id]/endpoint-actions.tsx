"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { api } from "@/app/_components/api-client";
import { ConfirmButton } from "@/app/_components/confirm-button";
import { GatedButton } from "@/app/_components/gated-button";
import { lazyComponent, OnceOpened } from "@/app/_components/lazy-dialog";
import { useApiAction } from "@/app/_components/use-api-action";
import { endpointGate } from "@/app/(console)/webhooks/[id]/endpoint-gate";
import type { RevealedSecret } from "@/app/(console)/webhooks/secret-dialog";
import type { Role } from "@/lib/auth/roles";
import type { RotatedSecret, WebhookDto } from "@/lib/webhooks/endpoint-schema";

const EditEndpointDialog = lazyComponent(() =>
  import("@/app/(console)/webhooks/[id]/edit-endpoint-dialog").then((m) => m.EditEndpointDialog),
);

const SecretDialog = lazyComponent(() =>
  import("@/app/(console)/webhooks/secret-dialog").then((m) => m.SecretDialog),
);

/** Send a test event, enable or disable, rotate the signing secret, delete. */
export function EndpointActions({ endpoint, memberRole }: { endpoint: WebhookDto; memberRole: Role }) {
  const router = useRouter();
  const { busy, run } = useApiAction();
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  const [editing, setEditing] = useState(false);
  const base = `/v1/workspace/webhooks/${encodeURIComponent(endpoint.id)}`;
  const { active } = endpoint;

  const sendTest = () =>
    run("test", () => api(`${base}/test`, { method: "POST" }), {
      failure: "Test event not sent",
      success: () => [
        "Test event queued",
        "A webhook.test delivery is on its way; it appears in the log below.",
      ],
    });

  const toggle = () =>
    run("active", () => api<WebhookDto>(base, { method: "PATCH", json: { active: !active } }), {
      failure: active ? "Not disabled" : "Not enabled",
      success: () =>
        active
          ? ["Endpoint disabled", "No new deliveries; pending ones are cancelled."]
          : [
              "Endpoint enabled",
              "New events are delivered again, with a fresh health record. Recover the window it missed to send skipped deliveries.",
            ],
    });

  const opener = { memberRole, permission: "webhooks:write", className: "btn secondary" } as const;
  return (
    <div className="form-actions" style={{ justifyContent: "flex-start", flexWrap: "wrap" }}>
      <GatedButton
        {...endpointGate(memberRole, active, "send a test event")}
        className="btn"
        onClick={sendTest}
        busy={busy === "test"}
        data-testid="send-test-event"
      >
        Send test event
      </GatedButton>
      <GatedButton {...opener} onClick={() => setEditing(true)} data-testid="edit-endpoint">
        Edit
      </GatedButton>
      <OnceOpened open={editing}>
        <EditEndpointDialog endpoint={endpoint} open={editing} onClose={() => setEditing(false)} />
      </OnceOpened>
      {active ? (
        // Disabling cancels pending deliveries: it asks first, as rotate and delete do (issue 38).
        <ConfirmButton<WebhookDto>
          opener={{ ...opener, label: "Disable", testId: "toggle-endpoint" }}
          ask={{
            title: "Disable this endpoint?",
            description:
              "No new deliveries are made and pending ones are cancelled until you enable it again. Events meanwhile can be recovered afterwards.",
            action: "Disable endpoint",
            testId: "confirm-endpoint-action",
          }}
          call={() => api(base, { method: "PATCH", json: { active: false } })}
          outcome={{
            failure: "Not disabled",
            success: () => ["Endpoint disabled", "No new deliveries; pending ones are cancelled."],
          }}
        />
      ) : (
        <GatedButton {...opener} onClick={toggle} busy={busy === "active"} data-testid="toggle-endpoint">
          {endpoint.health.disabled_reason ? "Re-enable" : "Enable"}
        </GatedButton>
      )}
      <ConfirmButton<RotatedSecret>
        opener={{ ...opener, label: "Rotate secret", testId: "rotate-secret" }}
        ask={{
          title: "Rotate the signing secret?",
          description:
            "Deliveries are signed with a new secret under the next key id from now on. Keep the previous secret loaded in your receiver for 24 hours, until deliveries already in flight have drained.",
          action: "Rotate secret",
          testId: "confirm-endpoint-action",
        }}
        call={() => api(`${base}/rotate-secret`, { method: "POST" })}
        outcome={{
          failure: "Secret not rotated",
          after: (rotated) =>
            setRevealed({
              title: "Signing secret rotated",
              kid: rotated.kid,
              secret: rotated.signing_secret,
              endpointId: endpoint.id,
            }),
        }}
      />
      <ConfirmButton<null>
        opener={{ ...opener, className: "btn danger", label: "Delete", testId: "delete-endpoint" }}
        ask={{
          title: "Delete this endpoint?",
          description:
            "No more deliveries are made to it, pending ones included, and its delivery log is deleted. This cannot be undone.",
          action: "Delete endpoint",
          danger: true,
          testId: "confirm-endpoint-action",
        }}
        call={() => api(base, { method: "DELETE" })}
        outcome={{
          failure: "Endpoint not deleted",
          success: () => ["Endpoint deleted", endpoint.url],
          after: () => router.push("/webhooks"),
        }}
      />
      <OnceOpened open={revealed !== null}>
        <SecretDialog revealed={revealed} onClose={() => setRevealed(null)} />
      </OnceOpened>
    </div>
  );
}
