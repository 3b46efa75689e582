"use client";

import { Choices, choicesOf } from "@/app/_components/choices";
import { TextField } from "@/app/_components/field";
import { FormDialog, type FormSpec } from "@/app/_components/form-dialog";
import { type FieldErrors, text } from "@/app/_components/form-values";
import type { WebhookDto } from "@/lib/webhooks/endpoint-schema";
import { CATALOG_EVENTS, EVENT_DESCRIPTIONS, WORKSPACE_EVENTS } from "@/lib/webhooks/event-catalog";

function check(form: FormData): FieldErrors {
  const errors: FieldErrors = {};
  const url = form.has("url") ? text(form, "url") : undefined;
  if (url === "") errors.url = "Enter the URL your server receives events at.";
  else if (url !== undefined && !/^https:\/\//i.test(url))
    errors.url = "Use an https:// address: deliveries are only sent over TLS.";
  if (form.getAll("events").length === 0) errors.events = "Choose at least one event.";
  const rate = text(form, "rate_limit");
  if (rate !== "" && !(Number(rate) > 0))
    errors.rate_limit = "Enter a number of deliveries per second above 0, or leave it empty.";
  return errors;
}

/** The PATCH body: every field, so clearing the description or the rate limit clears it. */
function body(form: FormData) {
  const rate = text(form, "rate_limit");
  return {
    ...(form.has("url") ? { url: text(form, "url") } : {}),
    events: form.getAll("events").map(String),
    description: text(form, "description") || null,
    rate_limit: rate === "" ? null : Number(rate),
  };
}

/**
 * "Edit": URL (checked by the API as on creation), events from the endpoint's own catalogue, the
 * description and the rate limit (issue 38). A test inbox keeps its address. Loaded when first
 * opened (endpoint-actions.tsx), so the page's first load stays within its budget (0846).
 */
export function EditEndpointDialog({
  endpoint,
  open,
  onClose,
}: {
  endpoint: WebhookDto;
  open: boolean;
  onClose: () => void;
}) {
  const spec: FormSpec<WebhookDto> = {
    title: "Edit the endpoint",
    description: endpoint.project_id
      ? "A project endpoint: any event of the catalogue, from its project."
      : "An organisation-wide endpoint: events from every project.",
    wide: true,
    submitLabel: "Save changes",
    busyLabel: "Saving…",
    submitTestId: "save-endpoint",
    failureTitle: "Endpoint not changed",
    action: `/v1/workspace/webhooks/${encodeURIComponent(endpoint.id)}`,
    method: "PATCH",
    check,
    body,
    success: () => ["Endpoint saved"],
  };
  const catalogue = endpoint.project_id ? CATALOG_EVENTS : WORKSPACE_EVENTS;
  return (
    <FormDialog<WebhookDto> {...spec} open={open} onClose={onClose} onSuccess={onClose}>
      {endpoint.kind === "inbox" ? null : (
        <TextField
          id="url"
          label="Endpoint URL"
          type="url"
          inputMode="url"
          defaultValue={endpoint.url}
          maxLength={2048}
          autoComplete="off"
        />
      )}
      <Choices
        legend="Events"
        name="events"
        type="checkbox"
        mono
        options={choicesOf(catalogue, EVENT_DESCRIPTIONS)}
        checked={endpoint.events}
      />
      <TextField
        id="description"
        label="Description"
        optional
        defaultValue={endpoint.description ?? ""}
        maxLength={500}
        autoComplete="off"
      />
      <TextField
        id="rate_limit"
        label="Rate limit (deliveries per second)"
        optional
        hint="Empty: unlimited. 0.5 means one every 2 seconds."
        inputMode="decimal"
        defaultValue={endpoint.rate_limit === null ? "" : String(endpoint.rate_limit)}
        autoComplete="off"
      />
    </FormDialog>
  );
}
