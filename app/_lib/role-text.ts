import { type Permission, type Role, rolesWith } from "@/lib/auth/roles";

/** "Owner, Admin or Developer". */
export function roleList(roles: readonly string[]): string {
  if (roles.length <= 1) return roles.join("");
  return `${roles.slice(0, -1).join(", ")} or ${roles[roles.length - 1]}`;
}

/**
 * "Your role is Billing.": a role is a name, not a noun to put an article before ("You are a
 * Billing." read wrong for Billing and Viewer alike).
 */
export function yourRole(role: string): string {
  return `Your role is ${role}.`;
}

/** Why a role cannot use a control: the roles that can, and the caller's own. */
export function roleTooltip(permission: Permission, role: Role): string {
  return `Requires the ${roleList(rolesWith(permission))} role. ${yourRole(role)}`;
}

/** Each role in one line: the /role page and the Members page's role picker. */
export const ROLE_SUMMARY = {
  Owner: "Everything, including the plan, the audit log and who is Owner.",
  Admin: "Everything except selecting the plan and granting the Owner role.",
  Developer: "Builds with the API: projects, rooms, keys, webhooks and test tokens.",
  Member: "Uses rooms: invites people and downloads recordings.",
  Billing: "Looks after the plan; can also invite and download recordings.",
  Viewer: "Read-only: sees every list, changes nothing.",
} as const satisfies Record<Role, string>;
