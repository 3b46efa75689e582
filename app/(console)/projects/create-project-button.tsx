"use client";

import type { FormSpec } from "@/app/_components/form-dialog";
import { FormDialogButton } from "@/app/_components/form-dialog-button";
import type { Said } from "@/app/_components/use-api-action";
import { checkProject, explainSlugTaken, ProjectFields } from "@/app/(console)/projects/project-fields";
import type { Role } from "@/lib/auth/roles";
import type { ProjectDto } from "@/lib/projects/project-response-schema";

const check = (form: FormData) => checkProject(form, { slugRequired: false });

const created = (project: ProjectDto): Said => ["Project created", `${project.name} · ${project.slug}`];

const createProject: FormSpec<ProjectDto> = {
  title: "Create a project",
  description: "Projects hold rooms, API keys and webhooks. Use one per app and environment.",
  submitLabel: "Create project",
  failureTitle: "Project not created",
  action: "/v1/workspace/projects",
  check,
  explain: explainSlugTaken,
  success: created,
};

/** "New project": name, optional slug and environment, posted to /v1/workspace/projects. */
export function CreateProjectButton({
  memberRole,
  label = "New project",
}: {
  memberRole: Role;
  label?: string;
}) {
  return (
    <FormDialogButton<ProjectDto>
      opener={{ memberRole, permission: "projects:create", label, testId: "new-project" }}
      {...createProject}
    >
      <ProjectFields />
    </FormDialogButton>
  );
}
