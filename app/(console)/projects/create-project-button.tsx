"use client";

import { DialogOpener } from "@/app/_components/dialog-opener";
import { IconPlus } from "@/app/_components/icons/actions";
import { lazyComponent } from "@/app/_components/lazy-dialog";
import type { Role } from "@/lib/auth/roles";

const CreateProjectDialog = lazyComponent(() =>
  import("@/app/(console)/projects/create-project-dialog").then((m) => m.CreateProjectDialog),
);

/** "New project": name, optional slug and environment, posted to /v1/workspace/projects. */
export function CreateProjectButton({
  memberRole,
  label = "New project",
}: {
  memberRole: Role;
  label?: string;
}) {
  return (
    <DialogOpener
      opener={{ memberRole, permission: "projects:create", label, testId: "new-project", icon: <IconPlus /> }}
      dialog={CreateProjectDialog}
      props={{}}
    />
  );
}
