"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { api, fieldErrors } from "@/app/_components/api-client";
import { Dialog } from "@/app/_components/dialog";
import { Field, fieldA11y } from "@/app/_components/field";
import { GatedButton } from "@/app/_components/gated-button";
import { IconAlert, IconPlus, IconSpinner } from "@/app/_components/icons";
import { useToast } from "@/app/_components/toast";
import { type RevealedSecret, SecretDialog } from "@/app/(console)/webhooks/secret-dialog";
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
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);

  function close() {
    setOpen(false);
    setErrors({});
    setFormError(null);
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const url = String(form.get("webhook_url") ?? "").trim();
    const events = form.getAll("events").map(String);
    const description = String(form.get("description") ?? "").trim();
    const local: Record<string, string> = {};
    if (!/^https:\/\//i.test(url)) local.webhook_url = "Enter an https:// URL.";
    if (events.length === 0) local.events = "Choose at least one event.";
    if (Object.keys(local).length > 0) return setErrors(local);
    setErrors({});
    setFormError(null);
    setBusy(true);
    const res = await api<CreatedWebhook>("/v1/workspace/webhooks", {
      json: { url, events, ...(description ? { description } : {}) },
    });
    setBusy(false);
    if (res.ok) {
      close();
      setRevealed({ title: "Endpoint added", kid: "v1", secret: res.data.signing_secret });
      router.refresh();
      return;
    }
    if (res.problem.code === "validation_failed") {
      const errs = fieldErrors(res.problem);
      setErrors(errs.url ? { ...errs, webhook_url: errs.url } : errs);
    } else {
      setFormError(res.problem.detail);
      toast.error("Endpoint not added", res.problem.detail);
    }
  }

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
      <Dialog
        open={open}
        onClose={close}
        title="Add a webhook endpoint"
        description="Every event you choose, from every project of this organisation, is POSTed to this URL."
        wide
      >
        <form onSubmit={onSubmit} noValidate aria-label="Add a webhook endpoint">
          {formError ? (
            <div className="form-error" role="alert">
              <IconAlert /> {formError}
            </div>
          ) : null}
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
              autoFocus
            />
          </Field>
          <fieldset>
            <legend className="label">Events</legend>
            <div className="choices">
              {WORKSPACE_EVENTS.map((ev) => (
                <label key={ev} className="choice">
                  <input type="checkbox" name="events" value={ev} defaultChecked={ev === "room.created"} />
                  <span className="choice-body">
                    <span>
                      <span className="choice-title mono">{ev}</span>
                      <br />
                      <span className="choice-desc">{EVENT_HINT[ev]}</span>
                    </span>
                  </span>
                </label>
              ))}
            </div>
            {errors.events ? <p className="field-error">{errors.events}</p> : null}
          </fieldset>
          <Field id="description" label="Description" optional error={errors.description}>
            <input
              {...fieldA11y("description", errors.description)}
              placeholder="Billing sync (production)"
              maxLength={500}
              autoComplete="off"
            />
          </Field>
          <div className="form-actions">
            <button type="button" className="btn secondary" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn" disabled={busy} data-testid="create-webhook">
              {busy ? <IconSpinner className="spin" /> : null}
              {busy ? "Adding…" : "Add endpoint"}
            </button>
          </div>
        </form>
      </Dialog>
      <SecretDialog revealed={revealed} onClose={() => setRevealed(null)} />
    </>
  );
}
