"use client";

import { SelectField, TextField } from "@/app/_components/field";
import { FormDialog, type FormSpec } from "@/app/_components/form-dialog";
import { type FieldErrors, text } from "@/app/_components/form-values";
import type { CreatedWorkspaceKey } from "@/lib/workspace-keys/workspace-key-schema";

const NAME_MAX = 100;
/** Expiry choices in days; "never" is the API's default (docs/decisions/1290: at most 2 years). */
const EXPIRIES = [
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "365", label: "In a year" },
  { value: "never", label: "Never" },
] as const;

function check(form: FormData): FieldErrors {
  const name = text(form, "name");
  if (name === "") return { name: "Name the key after what will use it (CI, Terraform…)." };
  if (name.length > NAME_MAX) return { name: `Keep the name to ${NAME_MAX} characters or fewer.` };
  return {};
}

/** The API's body: the project "" is the whole organisation; the expiry a date from now. */
function body(form: FormData): Record<string, unknown> {
  const expiry = text(form, "expiry");
  const project = text(form, "project_id");
  return {
    name: text(form, "name"),
    role: text(form, "role"),
    project_id: project === "" ? null : project,
    expires_at: expiry === "never" ? null : new Date(Date.now() + Number(expiry) * 86_400_000).toISOString(),
  };
}

/** "New workspace key": a name, a role no higher than yours, an optional project and an expiry. */
export function CreateWorkspaceKeyDialog({
  open,
  roles,
  projects,
  onClose,
  onCreated,
}: {
  open: boolean;
  /** The roles the member may grant (never a permission they lack), made on the server. */
  roles: string[];
  projects: { id: string; name: string }[];
  onClose: () => void;
  onCreated: (key: CreatedWorkspaceKey) => void;
}) {
  const spec: FormSpec<CreatedWorkspaceKey> = {
    title: "New workspace key",
    description: "For automation: CI, infrastructure as code, a backend that manages projects.",
    submitLabel: "Create key",
    submitTestId: "create-workspace-key",
    failureTitle: "Key not created",
    action: "/v1/workspace/keys",
    check,
    body,
  };
  return (
    <FormDialog<CreatedWorkspaceKey> open={open} onClose={onClose} onSuccess={onCreated} {...spec}>
      <TextField id="wk_name" name="name" label="Name" placeholder="CI deploys" maxLength={NAME_MAX} />
      <SelectField
        id="wk_role"
        name="role"
        label="Role"
        hint="What the key may do, as that role could; never more than your own role allows."
        defaultValue={roles.includes("Developer") ? "Developer" : roles[roles.length - 1]}
      >
        {roles.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="wk_project"
        name="project_id"
        label="Project"
        hint="A project-scoped key sees and changes that project only."
        defaultValue=""
      >
        <option value="">Whole organisation</option>
        {projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <SelectField id="wk_expiry" name="expiry" label="Expires" defaultValue="90">
        {EXPIRIES.map((e) => (
          <option key={e.value} value={e.value}>
            {e.label}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
}
