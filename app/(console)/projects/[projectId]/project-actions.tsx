"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { api } from "@/app/_components/api-client";
import { text } from "@/app/_components/form-values";
import { GatedButton } from "@/app/_components/gated-button";
import { LazyConfirmDialog } from "@/app/_components/lazy-confirm-dialog";
import { LazyFormDialog } from "@/app/_components/lazy-form-dialog";
import { useToast } from "@/app/_components/toast";
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
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    const res = await api<null>(`/v1/workspace/projects/${encodeURIComponent(project.id)}`, {
      method: "DELETE",
    });
    setBusy(false);
    setDeleting(false);
    if (!res.ok) return toast.error("Project not deleted", res.problem.detail);
    toast.success("Project deleted", `${project.name} and everything in it are gone.`);
    router.push("/projects");
    router.refresh();
  }

  return (
    <>
      <GatedButton
        memberRole={memberRole}
        permission="projects:update"
        className="btn secondary"
        onClick={() => setEditing(true)}
        data-testid="edit-project"
      >
        Edit
      </GatedButton>
      <GatedButton
        memberRole={memberRole}
        permission="projects:delete"
        className="btn danger"
        onClick={() => setDeleting(true)}
        data-testid="delete-project"
      >
        Delete
      </GatedButton>
      <LazyFormDialog<ProjectDto>
        open={editing}
        onClose={() => setEditing(false)}
        title={`Edit ${project.name}`}
        description="Its id, API keys and rooms stay as they are; only the name, slug or environment change."
        submitLabel="Save changes"
        submitTestId="save-project"
        failureTitle="Project not changed"
        check={(form) => checkProject(form, { slugRequired: true })}
        send={(form) =>
          api(`/v1/workspace/projects/${encodeURIComponent(project.id)}`, {
            method: "PATCH",
            json: {
              name: text(form, "name"),
              slug: text(form, "slug"),
              environment: text(form, "environment"),
            },
          })
        }
        explain={explainSlugTaken}
        onSuccess={(p) => {
          setEditing(false);
          toast.success("Project changed", `${p.name} · ${p.slug}`);
          router.refresh();
        }}
      >
        {(errors) => <ProjectFields errors={errors} project={project} />}
      </LazyFormDialog>
      <LazyConfirmDialog
        open={deleting}
        title={`Delete ${project.name}?`}
        description={
          <span data-testid="delete-project-consequences">
            This cannot be undone. {consequences(contents)} Its slug{" "}
            <span className="mono">{project.slug}</span> becomes free for another project.
          </span>
        }
        action="Delete project"
        danger
        busy={busy}
        onConfirm={remove}
        onCancel={() => setDeleting(false)}
        testId="confirm-delete-project"
      />
    </>
  );
}
