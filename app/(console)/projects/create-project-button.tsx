"use client";

import { useRouter } from "next/navigation";
import { api } from "@/app/_components/api-client";
import { FormDialogButton } from "@/app/_components/form-dialog-button";
import { text } from "@/app/_components/form-values";
import { useToast } from "@/app/_components/toast";
import { checkProject, explainSlugTaken, ProjectFields } from "@/app/(console)/projects/project-fields";
import type { Role } from "@/lib/auth/roles";
import type { ProjectDto } from "@/lib/projects/project-response-schema";

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
      check={(form) => checkProject(form, { slugRequired: false })}
      send={(form) =>
        api("/v1/workspace/projects", {
          json: {
            name: text(form, "name"),
            environment: text(form, "environment") || "prod",
            ...(text(form, "slug") ? { slug: text(form, "slug") } : {}),
          },
        })
      }
      explain={explainSlugTaken}
      onSuccess={(project) => {
        toast.success("Project created", `${project.name} · ${project.slug}`);
        router.refresh();
      }}
    >
      {(errors) => <ProjectFields errors={errors} />}
    </FormDialogButton>
  );
}
