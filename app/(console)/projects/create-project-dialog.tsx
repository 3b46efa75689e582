"use client";

import type { DialogControl } from "@/app/_components/dialog-opener";
import type { FormSpec } from "@/app/_components/form-dialog";
import { LazyFormDialog } from "@/app/_components/lazy-form-dialog";
import type { Said } from "@/app/_components/use-api-action";
import { checkProject, explainSlugTaken, ProjectFields } from "@/app/(console)/projects/project-fields";
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

/** "New project"'s dialog (create-project-button.tsx loads it when first opened): name, slug, environment. */
export function CreateProjectDialog({ open, setOpen }: DialogControl) {
  return (
    <LazyFormDialog<ProjectDto>
      {...createProject}
      open={open}
      onClose={() => setOpen(false)}
      onSuccess={() => setOpen(false)}
    >
      <ProjectFields />
    </LazyFormDialog>
  );
}
