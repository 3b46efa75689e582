"use client";

import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { api } from "@/app/_components/api-client";
import { ConfirmButton } from "@/app/_components/confirm-button";
import { DialogOpener } from "@/app/_components/dialog-opener";
import { lazyComponent } from "@/app/_components/lazy-dialog";
import type { Role } from "@/lib/auth/roles";
import type { ProjectDto } from "@/lib/projects/project-response-schema";

const EditProjectDialog = lazyComponent(() =>
  import("@/app/(console)/projects/[projectId]/edit-project-dialog").then((m) => m.EditProjectDialog),
);

/**
 * Edit (name, slug, environment) and Delete on a project's page, each gated by its permission. The
 * edit form loads when first opened; what deleting takes with it is worded by the server
 * (project-delete-warning.tsx), so the page's first load carries the two buttons only (1385).
 */
export function ProjectActions({
  project,
  deleteWarning,
  memberRole,
}: {
  project: ProjectDto;
  /** The confirmation's text: what goes with the project. */
  deleteWarning: ReactNode;
  memberRole: Role;
}) {
  const router = useRouter();
  const path = `/v1/workspace/projects/${encodeURIComponent(project.id)}`;
  return (
    <>
      <DialogOpener
        opener={{
          memberRole,
          permission: "projects:update",
          label: "Edit",
          className: "btn secondary",
          testId: "edit-project",
        }}
        dialog={EditProjectDialog}
        props={{ project }}
      />
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
          description: deleteWarning,
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
