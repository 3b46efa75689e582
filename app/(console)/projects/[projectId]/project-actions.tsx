"use client";

import { useRouter } from "next/navigation";
import { api } from "@/app/_components/api-client";
import { ConfirmButton } from "@/app/_components/confirm-button";
import type { FormSpec } from "@/app/_components/form-dialog";
import { FormDialogButton } from "@/app/_components/form-dialog-button";
import type { Said } from "@/app/_components/use-api-action";
import { checkProject, explainSlugTaken, ProjectFields } from "@/app/(console)/projects/project-fields";
import type { Role } from "@/lib/auth/roles";
import type { ProjectContents } from "@/lib/projects/count-project-contents";
import type { ProjectDto } from "@/lib/projects/project-response-schema";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What goes with the project, in the confirmation's words: only what there is (no "0 API keys"). */
function consequences(c: ProjectContents): string {
  const said = [
    c.apiKeys > 0 && `${plural(c.apiKeys, "API key stops", "API keys stop")} working at once`,
    c.webhooks > 0 &&
      `${plural(c.webhooks, "project webhook endpoint is", "project webhook endpoints are")} removed`,
    c.openRooms > 0 &&
      `${plural(c.openRooms, "room that has not ended is", "rooms that have not ended are")} ended`,
    c.recordings > 0 && `${plural(c.recordings, "recording is", "recordings are")} deleted, with their files`,
  ].filter((s): s is string => typeof s === "string");
  return said.length > 0
    ? `${said.join("; ")}.`
    : "It has no API keys, webhook endpoints, open rooms or recordings.";
}

const check = (form: FormData) => checkProject(form, { slugRequired: true });

const changed = (project: ProjectDto): Said => ["Project changed", `${project.name} · ${project.slug}`];

/** Edit (name, slug, environment) and Delete on a project's page, each gated by its permission. */
export function ProjectActions({
  project,
  contents,
  memberRole,
}: {
  project: ProjectDto;
  contents: ProjectContents;
  memberRole: Role;
}) {
  const router = useRouter();
  const path = `/v1/workspace/projects/${encodeURIComponent(project.id)}`;
  const edit: FormSpec<ProjectDto> = {
    title: `Edit ${project.name}`,
    description: "Its id, API keys and rooms stay as they are; only the name, slug or environment change.",
    submitLabel: "Save changes",
    submitTestId: "save-project",
    failureTitle: "Project not changed",
    action: path,
    method: "PATCH",
    check,
    explain: explainSlugTaken,
    success: changed,
  };
  return (
    <>
      <FormDialogButton<ProjectDto>
        opener={{ memberRole, permission: "projects:update", label: "Edit", testId: "edit-project" }}
        {...edit}
      >
        <ProjectFields project={project} />
      </FormDialogButton>
      <ConfirmButton<null>
        opener={{
          memberRole,
          permission: "projects:delete",
          label: "Delete",
          className: "btn danger",
          testId: "delete-project",
        }}
        ask={{
          title: `Delete ${project.name}?`,
          description: (
            <span data-testid="delete-project-consequences">
              This cannot be undone. {consequences(contents)} Its slug{" "}
              <span className="mono">{project.slug}</span> becomes free for another project.
            </span>
          ),
          action: "Delete project",
          danger: true,
          testId: "confirm-delete-project",
        }}
        call={() => api(path, { method: "DELETE" })}
        outcome={{
          failure: "Project not deleted",
          success: () => ["Project deleted", `${project.name} and everything in it are gone.`],
          after: () => router.push("/projects"),
        }}
      />
    </>
  );
}
