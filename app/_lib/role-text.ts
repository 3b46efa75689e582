import { type Permission, type Role, rolesWith } from "@/lib/auth/roles";

/** "Owner, Admin or Developer". */
export function roleList(roles: readonly string[]): string {
  if (roles.length <= 1) return roles.join("");
  return `${roles.slice(0, -1).join(", ")} or ${roles[roles.length - 1]}`;
}

/** "a Viewer", "an Owner". */
export function withArticle(role: string): string {
  return `${/^[AEIOU]/.test(role) ? "an" : "a"} ${role}`;
}

/** Why a role cannot use a control: the roles that can, and the caller's own. */
export function roleTooltip(permission: Permission, role: Role): string {
  return `Requires the ${roleList(rolesWith(permission))} role. You are ${withArticle(role)}.`;
}
