"use client";

import { useState } from "react";
import { Choices, choicesOf } from "@/app/_components/choices";
import { SelectField, TextField } from "@/app/_components/field";
import type { FormSpec } from "@/app/_components/form-dialog";
import { FormDialogButton } from "@/app/_components/form-dialog-button";
import { type FieldErrors, text } from "@/app/_components/form-values";
import { lazyComponent, OnceOpened } from "@/app/_components/lazy-dialog";
import type { RevealedSecret } from "@/app/(console)/webhooks/secret-dialog";
import type { Role } from "@/lib/auth/roles";
import type { CreatedWebhook } from "@/lib/webhooks/create-webhook";
import { CATALOG_EVENTS, EVENT_DESCRIPTIONS, PROJECT_ONLY_EVENTS } from "@/lib/webhooks/event-catalog";

/** The picker lists the whole catalogue (lib/webhooks/event-catalog.ts), as the delivery filter does. */
const EVENT_HINT: Record<string, string> = Object.fromEntries(
  CATALOG_EVENTS.map((e) => [
    e,
    (PROJECT_ONLY_EVENTS as readonly string[]).includes(e)
      ? `${EVENT_DESCRIPTIONS[e]}. Needs a project.`
      : EVENT_DESCRIPTIONS[e],
  ]),
);

function check(form: FormData): FieldErrors {
  const errors: FieldErrors = {};
  const url = text(form, "url");
  if (url === "") errors.url = "Enter the URL your server receives events at.";
  else if (!/^https:\/\//i.test(url))
    errors.url = "Use an https:// address: deliveries are only sent over TLS.";
  const events = form.getAll("events").map(String);
  if (events.length === 0) errors.events = "Choose at least one event.";
  else if (
    text(form, "project_id") === "" &&
    events.some((e) => (PROJECT_ONLY_EVENTS as readonly string[]).includes(e))
  )
    errors.events = `${PROJECT_ONLY_EVENTS.filter((e) => events.includes(e)).join(", ")} come from one project: choose the project above, or leave them out.`;
  return errors;
}

const addEndpoint: FormSpec<CreatedWebhook> = {
  title: "Add a webhook endpoint",
  description: "Every event you choose, from the project you pick (or every project), is POSTed to this URL.",
  wide: true,
  submitLabel: "Add endpoint",
  busyLabel: "Adding…",
  submitTestId: "create-webhook",
  failureTitle: "Endpoint not added",
  action: "/v1/workspace/webhooks",
  check,
};

const SecretDialog = lazyComponent(() =>
  import("@/app/(console)/webhooks/secret-dialog").then((m) => m.SecretDialog),
);

/** "Add endpoint": URL, events and a note; the signing secret is shown once afterwards. */
export function CreateWebhookButton({
  memberRole,
  cloud,
  projects,
  defaultProjectId,
  label = "Add endpoint",
}: {
  memberRole: Role;
  cloud: boolean;
  projects: { id: string; name: string }[];
  /** The switcher's project: the dialog starts there and says so. */
  defaultProjectId?: string | undefined;
  label?: string | undefined;
}) {
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  return (
    <>
      <FormDialogButton<CreatedWebhook>
        opener={{ memberRole, permission: "webhooks:write", label, testId: "new-webhook" }}
        onSuccess={(created) =>
          setRevealed({
            title: "Endpoint added",
            kid: "v1",
            secret: created.signing_secret,
            endpointId: created.id,
          })
        }
        {...addEndpoint}
      >
        <SelectField
          id="project_id"
          label="Events from"
          hint="The endpoint is created in this scope: one project's events, or every project's."
          defaultValue={defaultProjectId ?? ""}
        >
          <option value="">Every project (organisation-wide)</option>
          {projects.map((p) => (
            <option key={p.id} value={p.id}>
              Project {p.name}
            </option>
          ))}
        </SelectField>
        <TextField
          id="webhook_url"
          name="url"
          label="Endpoint URL"
          hint={
            cloud
              ? "HTTPS only. Local, private and metadata addresses are refused."
              : "HTTPS only. Internal hosts are allowed on a self-hosted install."
          }
          type="url"
          inputMode="url"
          placeholder="https://api.example.com/webhooks/svc"
          maxLength={2048}
          autoComplete="off"
        />
        <Choices
          legend="Events"
          name="events"
          type="checkbox"
          mono
          options={choicesOf(CATALOG_EVENTS, EVENT_HINT)}
          checked={["room.created"]}
        />
        <TextField
          id="description"
          label="Description"
          optional
          placeholder="Billing sync (production)"
          maxLength={500}
          autoComplete="off"
        />
      </FormDialogButton>
      <OnceOpened open={revealed !== null}>
        <SecretDialog revealed={revealed} onClose={() => setRevealed(null)} />
      </OnceOpened>
    </>
  );
}
