/** The role/permission matrix: the endpoint table of docs/spec/service-spec.md, as data. */

import { ROLES } from "@/db/enums";

export { ROLES };
export type Role = (typeof ROLES)[number];

/** Reading anything in the org: every role. */
const READ = [
  "projects:read",
  "rooms:read",
  "recordings:read",
  "webhooks:read",
  "mailbox:read",
  "members:read",
  "workspace_keys:read",
] as const;
/** Making and changing projects, rooms (recording them and removing a participant too), webhooks, keys (project and workspace keys, docs/decisions/1290) and test tokens. */
const BUILD = [
  "projects:create",
  "projects:update",
  "rooms:create",
  "rooms:update",
  "rooms:end",
  "recordings:record",
  "participants:remove",
  /** Revoke room tokens, ban, mute, change a participant's role live (issue 47). */
  "participants:moderate",
  "webhooks:write",
  "api_keys:write",
  "workspace_keys:write",
  "tokens:test",
  /** Live streams of rooms, reading them too (issue 45: their outputs name customers' destinations). */
  "streams:manage",
] as const;
/** Issue 16: deleting a project or a recording destroys data; Owner and Admin only. */
const DESTROY = ["projects:delete", "recordings:delete"] as const;
/** The rest, granted role by role in the matrix below. */
const OTHER = [
  "recordings:download",
  "invitations:send",
  "plan:select",
  /** Cloud mode: issuing, listing and revoking self-hosted licences (docs/decisions/1276). */
  "licenses:manage",
  "audit:read",
  "audit:verify",
  "members:manage",
  /** The org's sign-in policy (two-factor for every member; docs/decisions/1263): Owner only. */
  "security:manage",
  /** What the org used (GET usage, issue 44): Owner, Admin, Developer and Billing. */
  "usage:read",
] as const;

/** Every permission, each written once: in the group the matrix grants it with. */
export const PERMISSIONS = [...READ, ...BUILD, ...DESTROY, ...OTHER] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS = {
  // The Owner holds every permission.
  Owner: PERMISSIONS,
  Admin: [
    ...READ,
    ...BUILD,
    ...DESTROY,
    "recordings:download",
    "invitations:send",
    "audit:read",
    "members:manage",
    "usage:read",
  ],
  Developer: [...READ, ...BUILD, "recordings:download", "invitations:send", "usage:read"],
  Member: [...READ, "recordings:download", "invitations:send"],
  Billing: [
    ...READ,
    "recordings:download",
    "invitations:send",
    "plan:select",
    "licenses:manage",
    "usage:read",
  ],
  Viewer: [...READ],
} as const satisfies Record<Role, readonly Permission[]>;

export function can(role: Role, permission: Permission): boolean {
  return (ROLE_PERMISSIONS[role] as readonly Permission[]).includes(permission);
}

/** The roles that hold a permission: the console names them in a disabled control's tooltip. */
export function rolesWith(permission: Permission): Role[] {
  return ROLES.filter((r) => can(r, permission));
}

/**
 * Only an Owner grants, changes or removes the Owner role (docs/spec/product-decisions.md §11): a rule about the role
 * being touched, on top of `members:manage`.
 */
export const OWNER_ROLE_MANAGERS: readonly Role[] = ["Owner"];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
