"use client";

import type { DialogControl } from "@/app/_components/dialog-opener";
import { FormDialog, type FormSpec } from "@/app/_components/form-dialog";
import type { Said } from "@/app/_components/use-api-action";
import { checkProject, explainSlugTaken, ProjectFields } from "@/app/(console)/projects/project-fields";
import type { ProjectDto } from "@/lib/projects/project-response-schema";

const check = (form: FormData) => checkProject(form, { slugRequired: true });

const changed = (project: ProjectDto): Said => ["Project changed", `${project.name} · ${project.slug}`];

/**
 * "Edit" on a project's page: name, slug and environment. Loaded when first opened
 * (project-actions.tsx), so the page's first load carries the button only (decision 1385).
 */
export function EditProjectDialog({ project, open, setOpen }: { project: ProjectDto } & DialogControl) {
  const edit: FormSpec<ProjectDto> = {
    title: `Edit ${project.name}`,
    description: "Its id, API keys and rooms stay as they are; only the name, slug or environment change.",
    submitLabel: "Save changes",
    submitTestId: "save-project",
    failureTitle: "Project not changed",
    action: `/v1/workspace/projects/${encodeURIComponent(project.id)}`,
    method: "PATCH",
    check,
    explain: explainSlugTaken,
    success: changed,
  };
  return (
    <FormDialog<ProjectDto>
      {...edit}
      open={open}
      onClose={() => setOpen(false)}
      onSuccess={() => setOpen(false)}
    >
      <ProjectFields project={project} />
    </FormDialog>
  );
}
