"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { api, fieldErrors } from "@/app/_components/api-client";
import { ENVIRONMENT_OPTIONS } from "@/app/_components/badges";
import { Dialog } from "@/app/_components/dialog";
import { Field, fieldA11y, zodFieldErrors } from "@/app/_components/field";
import { GatedButton } from "@/app/_components/gated-button";
import { IconAlert, IconPlus, IconSpinner } from "@/app/_components/icons";
import { useToast } from "@/app/_components/toast";
import type { Role } from "@/lib/auth/roles";
import { createProjectBody } from "@/lib/projects/project-schema";
import type { ProjectDto } from "@/lib/projects/serialize-project";

const ENV_HINT: Record<string, string> = {
  prod: "Live traffic",
  staging: "Pre-release checks",
  dev: "Local and CI work",
};

/** "New project": a dialog validated with the API's own schema, posting to /v1/workspace/projects. */
export function CreateProjectButton({
  memberRole,
  label = "New project",
}: {
  memberRole: Role;
  label?: string;
}) {
  const router = useRouter();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  function close() {
    setOpen(false);
    setErrors({});
    setFormError(null);
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const slug = String(form.get("slug") ?? "").trim();
    const input = {
      name: String(form.get("name") ?? ""),
      slug: slug === "" ? undefined : slug,
      environment: String(form.get("environment") ?? "prod"),
    };
    const parsed = createProjectBody.safeParse(input);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    const res = await api<ProjectDto>("/v1/workspace/projects", { json: parsed.data });
    setBusy(false);
    if (res.ok) {
      toast.success("Project created", `${res.data.name} · ${res.data.slug}`);
      close();
      router.refresh();
      return;
    }
    const { problem } = res;
    if (problem.code === "slug_taken") {
      setErrors({ slug: `“${input.slug ?? ""}” is already used by another project. Pick another slug.` });
    } else if (problem.code === "validation_failed") {
      setErrors(fieldErrors(problem));
    } else {
      setFormError(problem.detail);
      toast.error("Project not created", problem.detail);
    }
  }

  return (
    <>
      <GatedButton
        memberRole={memberRole}
        permission="projects:create"
        className="btn"
        onClick={() => setOpen(true)}
        data-testid="new-project"
      >
        <IconPlus /> {label}
      </GatedButton>
      <Dialog
        open={open}
        onClose={close}
        title="Create a project"
        description="Projects hold rooms, API keys and webhooks. Use one per app and environment."
      >
        <form onSubmit={onSubmit} noValidate aria-label="Create a project">
          {formError ? (
            <div className="form-error" role="alert">
              <IconAlert /> {formError}
            </div>
          ) : null}
          <Field id="name" label="Name" error={errors.name}>
            <input
              {...fieldA11y("name", errors.name)}
              placeholder="Mobile app"
              maxLength={80}
              autoComplete="off"
              onChange={() => errors.name && setErrors({ ...errors, name: "" })}
            />
          </Field>
          <Field
            id="slug"
            label="Slug"
            optional
            error={errors.slug}
            hint="3–63 lower-case letters, digits or dashes. Generated from the name when empty."
          >
            <input
              {...fieldA11y("slug", errors.slug, true)}
              className="mono"
              placeholder="mobile-app"
              maxLength={63}
              autoComplete="off"
              spellCheck={false}
              onChange={() => errors.slug && setErrors({ ...errors, slug: "" })}
            />
          </Field>
          <fieldset>
            <legend className="label">Environment</legend>
            <div className="choices three">
              {ENVIRONMENT_OPTIONS.map((o) => (
                <label key={o.value} className="choice">
                  <input
                    type="radio"
                    name="environment"
                    value={o.value}
                    defaultChecked={o.value === "prod"}
                  />
                  <span className="choice-body">
                    <span>
                      <span className="choice-title">{o.label}</span>
                      <br />
                      <span className="choice-desc">{ENV_HINT[o.value]}</span>
                    </span>
                  </span>
                </label>
              ))}
            </div>
            {errors.environment ? <p className="field-error">{errors.environment}</p> : null}
          </fieldset>
          <div className="form-actions">
            <button type="button" className="btn secondary" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn" disabled={busy}>
              {busy ? <IconSpinner className="spin" /> : null}
              {busy ? "Creating…" : "Create project"}
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
