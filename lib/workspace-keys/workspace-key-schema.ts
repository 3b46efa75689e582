import { z } from "zod";
import { ROLES } from "@/lib/auth/roles";
import { prefixedId, timestamp } from "@/lib/wire";

const ROLE_LIST = ROLES.join(", ");

/** Body of POST /v1/workspace/keys. */
export const createWorkspaceKeyBody = z.object({
  name: z
    .string({ error: "name is required (1 to 100 characters)" })
    .trim()
    .min(1, "name must be 1 to 100 characters")
    .max(100, "name must be 1 to 100 characters"),
  role: z.enum(ROLES, { error: `role must be one of ${ROLE_LIST}` }).meta({
    description: "What the key may do, as the role matrix grants it; never a permission its creator lacks.",
  }),
  project_id: z
    .string({ error: "project_id must be a project id" })
    .min(1, "project_id must be a project id")
    .max(64, "project_id must be a project id")
    .nullish()
    .meta({ description: "Scopes the key to one project; absent or null: the whole organisation." }),
  expires_at: z.iso
    .datetime({ offset: true, error: "expires_at must be an ISO 8601 date-time" })
    .nullish()
    .meta({
      description: "When the key stops working (in the future, at most 2 years ahead); absent: never.",
    }),
});
export type CreateWorkspaceKeyInput = z.output<typeof createWorkspaceKeyBody>;

const key = z.string().startsWith("svc_wk_").meta({
  description:
    "`svc_wk_<id>.<secret>`, sent as `Authorization: Bearer`; shown once, only its hash is stored.",
});

/** A key as lists show it: never the secret. */
export const workspaceKeySchema = z
  .object({
    id: prefixedId("wk_"),
    name: z.string(),
    role: z.enum(ROLES),
    project_id: prefixedId("prj_").nullable(),
    prefix: z.string().meta({ description: "The key's visible start, to recognise it." }),
    state: z.enum(["active", "expired", "revoked"]),
    created_by: z.string().nullable().meta({
      description: "The user (`usr_…`) or key (`wk_…`) that made it; null once that user is deleted.",
    }),
    created_at: timestamp,
    expires_at: timestamp.nullable(),
    rotated_at: timestamp.nullable(),
    revoked_at: timestamp.nullable(),
    last_used_at: timestamp.nullable().meta({ description: "To the minute." }),
  })
  .meta({ id: "WorkspaceKey", description: "A workspace API key as lists show it: never the secret." });
export type WorkspaceKeyDto = z.output<typeof workspaceKeySchema>;

export const createdWorkspaceKeySchema = workspaceKeySchema
  .extend({ key })
  .meta({ id: "CreatedWorkspaceKey", description: "The new key, with its secret shown once." });
export type CreatedWorkspaceKey = z.output<typeof createdWorkspaceKeySchema>;

export const rotatedWorkspaceKeySchema = workspaceKeySchema.extend({ key }).meta({
  id: "RotatedWorkspaceKey",
  description: "The key with its new secret, shown once; the old one no longer works.",
});
export type RotatedWorkspaceKey = z.output<typeof rotatedWorkspaceKeySchema>;
