"use client";

import { useRouter } from "next/navigation";
import { api } from "@/app/_components/api-client";
import { ENVIRONMENT_OPTIONS } from "@/app/_components/badges";
import { Choices } from "@/app/_components/choices";
import { TextField } from "@/app/_components/field";
import { FormDialogButton } from "@/app/_components/form-dialog-button";
import { type FieldErrors, text } from "@/app/_components/form-values";
import { useToast } from "@/app/_components/toast";
import type { Role } from "@/lib/auth/roles";
import type { ProjectDto } from "@/lib/projects/project-response-schema";
import { SLUG_PATTERN } from "@/lib/projects/slug-pattern";

const ENV_HINT: Record<string, string> = {
  prod: "Live traffic",
  staging: "Pre-release checks",
  dev: "Local and CI work",
};

const NAME_MAX = 80;

function check(form: FormData): FieldErrors {
  const errors: FieldErrors = {};
  const name = text(form, "name");
  if (name === "") errors.name = "Give the project a name.";
  else if (name.length > NAME_MAX) errors.name = `Keep the name to ${NAME_MAX} characters or fewer.`;
  const slug = text(form, "slug");
  if (slug !== "" && !SLUG_PATTERN.test(slug))
    errors.slug = "Use 3 to 63 lower-case letters, digits or dashes, e.g. mobile-app.";
  return errors;
}

/** "New project": name, optional slug and environment, posted to /v1/workspace/projects. */
export function CreateProjectButton({
  memberRole,
  label = "New project",
}: {
  memberRole: Role;
  label?: string;
}) {
  const router = useRouter();
  const toast = useToast();
  return (
    <FormDialogButton<ProjectDto>
      memberRole={memberRole}
      permission="projects:create"
      label={label}
      testId="new-project"
      title="Create a project"
      description="Projects hold rooms, API keys and webhooks. Use one per app and environment."
      submitLabel="Create project"
      failureTitle="Project not created"
      check={check}
      send={(form) =>
        api("/v1/workspace/projects", {
          json: {
            name: text(form, "name"),
            environment: text(form, "environment") || "prod",
            ...(text(form, "slug") ? { slug: text(form, "slug") } : {}),
          },
        })
      }
      explain={(problem, form) =>
        problem.code === "slug_taken"
          ? { slug: `“${text(form, "slug")}” is already used by another project. Pick another slug.` }
          : undefined
      }
      onSuccess={(project) => {
        toast.success("Project created", `${project.name} · ${project.slug}`);
        router.refresh();
      }}
    >
      {(errors) => (
        <>
          <TextField
            id="name"
            label="Name"
            error={errors.name}
            placeholder="Mobile app"
            maxLength={NAME_MAX}
            autoComplete="off"
          />
          <TextField
            id="slug"
            label="Slug"
            optional
            error={errors.slug}
            hint="3–63 lower-case letters, digits or dashes. Generated from the name when empty."
            className="mono"
            placeholder="mobile-app"
            maxLength={63}
            autoComplete="off"
            spellCheck={false}
          />
          <Choices
            legend="Environment"
            name="environment"
            type="radio"
            columns="three"
            options={ENVIRONMENT_OPTIONS.map((o) => ({
              value: o.value,
              title: o.label,
              description: ENV_HINT[o.value],
            }))}
            checked={["prod"]}
            error={errors.environment}
          />
        </>
      )}
    </FormDialogButton>
  );
}
