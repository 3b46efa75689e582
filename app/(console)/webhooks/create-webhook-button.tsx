"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { api } from "@/app/_components/api-client";
import { Choices } from "@/app/_components/choices";
import { Field, fieldA11y } from "@/app/_components/field";
import { type FieldErrors, text } from "@/app/_components/form-values";
import { GatedButton } from "@/app/_components/gated-button";
import { IconPlus } from "@/app/_components/icons";
import { lazyComponent, OnceOpened } from "@/app/_components/lazy-dialog";
import { LazyFormDialog } from "@/app/_components/lazy-form-dialog";
import type { RevealedSecret } from "@/app/(console)/webhooks/secret-dialog";
import type { Role } from "@/lib/auth/roles";
import type { CreatedWebhook } from "@/lib/webhooks/create-webhook";
import { WORKSPACE_EVENTS } from "@/lib/webhooks/event-catalog";

const EVENT_HINT: Record<string, string> = {
  "room.created": "A room was created",
  "room.ended": "The last participant left, or the host ended it",
  "recording.started": "A recording began",
  "recording.completed": "A recording finished and is listed",
  "recording.failed": "A recording could not be made",
};

function check(form: FormData): FieldErrors {
  const errors: FieldErrors = {};
  const url = text(form, "webhook_url");
  if (url === "") errors.webhook_url = "Enter the URL your server receives events at.";
  else if (!/^https:\/\//i.test(url))
    errors.webhook_url = "Use an https:// address: deliveries are only sent over TLS.";
  if (form.getAll("events").length === 0) errors.events = "Choose at least one event.";
  return errors;
}

const SecretDialog = lazyComponent(() =>
  import("@/app/(console)/webhooks/secret-dialog").then((m) => m.SecretDialog),
);

/** "Add endpoint": URL, events and a note; the signing secret is shown once afterwards. */
export function CreateWebhookButton({
  memberRole,
  cloud,
  label = "Add endpoint",
}: {
  memberRole: Role;
  cloud: boolean;
  label?: string | undefined;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  return (
    <>
      <GatedButton
        memberRole={memberRole}
        permission="webhooks:write"
        className="btn"
        onClick={() => setOpen(true)}
        data-testid="new-webhook"
      >
        <IconPlus /> {label}
      </GatedButton>
      <LazyFormDialog<CreatedWebhook>
        open={open}
        onClose={() => setOpen(false)}
        title="Add a webhook endpoint"
        description="Every event you choose, from every project of this organisation, is POSTed to this URL."
        wide
        submitLabel="Add endpoint"
        busyLabel="Adding…"
        submitTestId="create-webhook"
        failureTitle="Endpoint not added"
        check={check}
        send={(form) =>
          api("/v1/workspace/webhooks", {
            json: {
              url: text(form, "webhook_url"),
              events: form.getAll("events").map(String),
              ...(text(form, "description") ? { description: text(form, "description") } : {}),
            },
          })
        }
        inputNames={{ url: "webhook_url" }}
        onSuccess={(created) => {
          setOpen(false);
          setRevealed({
            title: "Endpoint added",
            kid: "v1",
            secret: created.signing_secret,
            endpointId: created.id,
          });
          router.refresh();
        }}
      >
        {(errors) => (
          <>
            <Field
              id="webhook_url"
              label="Endpoint URL"
              error={errors.webhook_url}
              hint={
                cloud
                  ? "HTTPS only. Local, private and metadata addresses are refused."
                  : "HTTPS only. Internal hosts are allowed on a self-hosted install."
              }
            >
              <input
                {...fieldA11y("webhook_url", errors.webhook_url, true)}
                type="url"
                inputMode="url"
                placeholder="https://api.example.com/webhooks/svc"
                maxLength={2048}
                autoComplete="off"
              />
            </Field>
            <Choices
              legend="Events"
              name="events"
              type="checkbox"
              mono
              options={WORKSPACE_EVENTS.map((ev) => ({ value: ev, title: ev, description: EVENT_HINT[ev] }))}
              checked={["room.created"]}
              error={errors.events}
            />
            <Field id="description" label="Description" optional error={errors.description}>
              <input
                {...fieldA11y("description", errors.description)}
                placeholder="Billing sync (production)"
                maxLength={500}
                autoComplete="off"
              />
            </Field>
          </>
        )}
      </LazyFormDialog>
      <OnceOpened open={revealed !== null}>
        <SecretDialog revealed={revealed} onClose={() => setRevealed(null)} />
      </OnceOpened>
    </>
  );
}
