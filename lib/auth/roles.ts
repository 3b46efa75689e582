/** The role/permission matrix: the spec's endpoint table, as data. */

export const ROLES = ["Owner", "Admin", "Developer", "Member", "Billing", "Viewer"] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  "projects:read",
  "projects:create",
  "projects:update",
  "projects:delete",
  "rooms:read",
  "rooms:create",
  "rooms:update",
  "rooms:end",
  "recordings:read",
  "recordings:download",
  "recordings:delete",
  "webhooks:read",
  "webhooks:write",
  "api_keys:write",
  "invitations:send",
  "plan:select",
  "tokens:test",
  "audit:read",
  "audit:verify",
  "mailbox:read",
  "members:read",
  "members:manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ALL_READ = [
  "projects:read",
  "rooms:read",
  "recordings:read",
  "webhooks:read",
  "mailbox:read",
  "members:read",
] as const;
const BUILD = [
  "projects:create",
  "projects:update",
  "rooms:create",
  "rooms:update",
  "rooms:end",
  "webhooks:write",
  "api_keys:write",
  "tokens:test",
] as const;
/** Issue 16: deleting a project or a recording destroys data; Owner and Admin only. */
const DESTROY = ["projects:delete", "recordings:delete"] as const;

export const ROLE_PERMISSIONS = {
  Owner: [
    ...ALL_READ,
    ...BUILD,
    ...DESTROY,
    "recordings:download",
    "invitations:send",
    "plan:select",
    "audit:read",
    "audit:verify",
    "members:manage",
  ],
  Admin: [
    ...ALL_READ,
    ...BUILD,
    ...DESTROY,
    "recordings:download",
    "invitations:send",
    "audit:read",
    "members:manage",
  ],
  Developer: [...ALL_READ, ...BUILD, "recordings:download", "invitations:send"],
  Member: [...ALL_READ, "recordings:download", "invitations:send"],
  Billing: [...ALL_READ, "recordings:download", "invitations:send", "plan:select"],
  Viewer: [...ALL_READ],
} as const satisfies Record<Role, readonly Permission[]>;

export function can(role: Role, permission: Permission): boolean {
  return (ROLE_PERMISSIONS[role] as readonly Permission[]).includes(permission);
}

/** The roles that hold a permission: the console names them in a disabled control's tooltip. */
export function rolesWith(permission: Permission): Role[] {
  return ROLES.filter((r) => can(r, permission));
}

/**
 * Only an Owner grants, changes or removes the Owner role (decisions §11): a rule about the role
 * being touched, on top of `members:manage`.
 */
export const OWNER_ROLE_MANAGERS: readonly Role[] = ["Owner"];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
