import { can, ROLE_PERMISSIONS, type Role } from "@/lib/auth/roles";
import { ApiError } from "@/lib/http/errors";

/**
 * A key never holds a permission its creator lacks (docs/decisions/1290). Roles are not a ladder
 * (Billing selects plans, which Admin cannot), so "not above" is permission inclusion: an Admin
 * grants Admin, Developer, Member and Viewer keys, never Owner or Billing ones.
 */
export function roleWithin(creator: Role, granted: Role): boolean {
  return ROLE_PERMISSIONS[granted].every((p) => can(creator, p));
}

export function assertRoleWithin(creator: Role, granted: Role): void {
  if (roleWithin(creator, granted)) return;
  const missing = ROLE_PERMISSIONS[granted].filter((p) => !can(creator, p));
  throw new ApiError(
    "forbidden_workspace_role",
    `The ${creator} role cannot make a ${granted} key: a key never holds a permission its creator lacks (${missing.join(", ")}).`,
  );
}
