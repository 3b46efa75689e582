import { z } from "zod";
import {
  acceptInvitationBody,
  changePasswordBody,
  passwordResetBody,
  passwordResetConfirmBody,
  signupBody,
  switchOrgBody,
  verifyEmailBody,
} from "@/lib/accounts/account-schemas";
import { ROLES } from "@/lib/auth/roles";
import type { MyOrg } from "@/lib/members/list-my-orgs";
import {
  changeRoleBody,
  inviteMemberBody,
  listMembersQuery,
  type MemberDto,
} from "@/lib/members/member-schema";
import type { MemberInvitationDto } from "@/lib/members/serialize-member-invitation";
import type { Operation } from "@/lib/openapi/registry";
import { identitySchema, page } from "@/lib/openapi/schemas";
import { limits } from "@/lib/ratelimit/policies";

/** Teams, accounts and sessions (decisions §11): members, org invitations, sign-up, passwords. */

const timestamp = z.iso.datetime({ precision: 3 });

export const memberSchema = z
  .object({
    user_id: z.string().startsWith("usr_"),
    email: z.string(),
    display_name: z.string(),
    role: z.enum(ROLES),
    joined_at: timestamp,
  })
  .meta({ id: "Member" });

export const memberInvitationSchema = z
  .object({
    id: z.string().startsWith("inv_"),
    email: z.string(),
    role: z.enum(ROLES),
    status: z.enum(["pending", "expired"]),
    expires_at: timestamp,
    created_at: timestamp,
  })
  .meta({ id: "MemberInvitation" });

const myOrgSchema = z.object({
  id: z.string().startsWith("org_"),
  name: z.string(),
  role: z.enum(ROLES),
  current: z.boolean(),
});

type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never]
  ? true
  : false;
const pinned = <T extends true>() => undefined as unknown as T;
pinned<SameKeys<z.output<typeof memberSchema>, MemberDto>>();
pinned<SameKeys<z.output<typeof memberInvitationSchema>, MemberInvitationDto>>();
pinned<SameKeys<z.output<typeof myOrgSchema>, MyOrg>>();

const noContent = { 204: { description: "Done" } };
const signedIn = { 200: { description: "Signed in; `Set-Cookie: svc_session=…`", schema: identitySchema } };

export const TEAMS_OPERATIONS: Operation[] = [
  {
    method: "POST",
    path: "/v1/auth/password",
    operationId: "changePassword",
    summary: "Change password (extension)",
    description:
      "Needs the current password (a wrong one is 422 on `current_password` and counts as a failed sign-in). The caller's other sessions end; this one continues.",
    tag: "Auth",
    auth: "session",
    body: changePasswordBody,
    responses: noContent,
    errors: [],
    rateLimits: [limits.signInFailures],
    idempotent: true,
  },
  {
    method: "POST",
    path: "/v1/auth/switch-org",
    operationId: "switchOrg",
    summary: "Switch organisation (extension)",
    description: "Moves this session to another org of the caller; 404 for an org they are not in.",
    tag: "Auth",
    auth: "session",
    body: switchOrgBody,
    responses: {
      200: { description: "The identity in the new org; a fresh cookie", schema: identitySchema },
    },
    errors: ["not_found"],
    idempotent: true,
  },
  {
    method: "GET",
    path: "/v1/workspace/me/orgs",
    operationId: "listMyOrgs",
    summary: "The caller's organisations (extension)",
    tag: "Workspace",
    auth: "session",
    responses: { 200: { description: "OK", schema: z.object({ items: z.array(myOrgSchema) }) } },
    errors: [],
  },
  {
    method: "POST",
    path: "/v1/auth/logout-all",
    operationId: "signOutEverywhere",
    summary: "Sign out everywhere (extension)",
    description:
      "Ends every session of the caller (every device, cookie or Bearer), this one included. An `Idempotency-Key` is checked like elsewhere, but a repeat cannot replay: the session it would authenticate with has ended.",
    tag: "Auth",
    auth: "session",
    noBody: true,
    responses: noContent,
    errors: ["validation_failed", "idempotency_key_reused", "conflict"],
  },
  {
    method: "POST",
    path: "/v1/auth/signup",
    operationId: "signUp",
    summary: "Sign up (extension)",
    description:
      "With `SVC_SIGNUP=open` (default in cloud mode; otherwise 404). Always 202: the address gets a single-use verification link `{SVC_BASE_URL}/verify-email/<token>` valid 24 h, or, if it already has an account, an email saying so.",
    tag: "Accounts",
    auth: "none",
    body: signupBody,
    responses: {
      202: { description: "Email sent", schema: z.object({ status: z.literal("verification_sent") }) },
    },
    errors: ["not_found", "csrf_failed"],
    rateLimits: [limits.accountEmailsPerIp, limits.accountEmailsPerAddress],
  },
  {
    method: "POST",
    path: "/v1/auth/verify-email",
    operationId: "verifyEmail",
    summary: "Confirm a sign-up (extension)",
    description:
      "Creates the user and the org (the user its Owner) and signs in. Unknown token: 404; used or expired: 410 `link_expired`.",
    tag: "Accounts",
    auth: "none",
    body: verifyEmailBody,
    responses: signedIn,
    errors: ["not_found", "link_expired", "conflict", "csrf_failed"],
    rateLimits: [limits.accountLinksPerIp],
  },
  {
    method: "POST",
    path: "/v1/auth/password-reset",
    operationId: "requestPasswordReset",
    summary: "Request a password reset (extension)",
    description:
      "Always 202 in the same time. An address with an account gets a single-use link `{SVC_BASE_URL}/reset-password/<token>` valid 30 minutes.",
    tag: "Accounts",
    auth: "none",
    body: passwordResetBody,
    responses: { 202: { description: "Accepted", schema: z.object({ status: z.literal("reset_sent") }) } },
    errors: ["csrf_failed"],
    rateLimits: [limits.accountEmailsPerIp, limits.accountEmailsPerAddress],
  },
  {
    method: "POST",
    path: "/v1/auth/password-reset/confirm",
    operationId: "confirmPasswordReset",
    summary: "Set a new password from a reset link (extension)",
    description: "Ends every session of the user. Unknown token: 404; used or expired: 410 `link_expired`.",
    tag: "Accounts",
    auth: "none",
    body: passwordResetConfirmBody,
    responses: noContent,
    errors: ["not_found", "link_expired", "csrf_failed"],
    rateLimits: [limits.accountLinksPerIp],
  },
  {
    method: "POST",
    path: "/v1/auth/invitations/accept",
    operationId: "acceptMemberInvitation",
    summary: "Accept an invitation to an org (extension)",
    description:
      "A new address sends `display_name` and a password (10 to 256 characters); an address with an account sends its password. Signs in like login. Unknown token: 404; used, revoked or expired: 410 `invitation_expired`.",
    tag: "Accounts",
    auth: "none",
    body: acceptInvitationBody,
    responses: signedIn,
    errors: [
      "not_found",
      "invitation_expired",
      "already_member",
      "invalid_credentials",
      "conflict",
      "csrf_failed",
    ],
    rateLimits: [limits.accountLinksPerIp, limits.signInFailures],
  },
  {
    method: "GET",
    path: "/v1/workspace/members",
    operationId: "listMembers",
    summary: "List members (extension)",
    tag: "Members",
    auth: "session",
    permission: "members:read",
    query: listMembersQuery,
    responses: { 200: { description: "OK", schema: page(memberSchema) } },
    errors: [],
  },
  {
    method: "PATCH",
    path: "/v1/workspace/members/{userId}",
    operationId: "changeMemberRole",
    summary: "Change a member's role (extension)",
    description:
      "Applies to the member's next request. Only an Owner grants or takes away the Owner role (403 for an Admin); the last Owner cannot be demoted (409 `last_owner`).",
    tag: "Members",
    auth: "session",
    permission: "members:manage",
    body: changeRoleBody,
    responses: { 200: { description: "The member", schema: memberSchema } },
    errors: ["not_found", "last_owner"],
  },
  {
    method: "DELETE",
    path: "/v1/workspace/members/{userId}",
    operationId: "removeMember",
    summary: "Remove a member (extension)",
    description:
      "The member's sessions in this org end at once. Only an Owner removes an Owner; never the last one.",
    tag: "Members",
    auth: "session",
    permission: "members:manage",
    responses: { 204: { description: "Removed" } },
    errors: ["not_found", "last_owner"],
  },
  {
    method: "GET",
    path: "/v1/workspace/members/invitations",
    operationId: "listMemberInvitations",
    summary: "Open invitations to the org (extension)",
    tag: "Members",
    auth: "session",
    permission: "members:read",
    query: listMembersQuery,
    responses: { 200: { description: "OK", schema: page(memberInvitationSchema) } },
    errors: [],
  },
  {
    method: "POST",
    path: "/v1/workspace/members/invitations",
    operationId: "inviteMember",
    summary: "Invite someone to the org (extension)",
    description:
      "Emails a single-use link `{SVC_BASE_URL}/accept-invite/<token>` valid 7 days, at once (outside the room-invitation cap). A pending invitation of the same address is replaced.",
    tag: "Members",
    auth: "session",
    permission: "members:manage",
    body: inviteMemberBody,
    responses: { 201: { description: "Invited", schema: memberInvitationSchema } },
    errors: ["already_member"],
    rateLimits: [limits.memberInvitations],
    idempotent: true,
  },
  {
    method: "POST",
    path: "/v1/workspace/members/invitations/{id}/resend",
    operationId: "resendMemberInvitation",
    summary: "Resend an invitation (extension)",
    description: "A fresh link, valid 7 days from now (the previous link stops working).",
    tag: "Members",
    auth: "session",
    permission: "members:manage",
    noBody: true,
    responses: { 200: { description: "The invitation", schema: memberInvitationSchema } },
    errors: ["not_found", "already_member"],
    rateLimits: [limits.memberInvitations],
    idempotent: true,
  },
  {
    method: "DELETE",
    path: "/v1/workspace/members/invitations/{id}",
    operationId: "revokeMemberInvitation",
    summary: "Revoke an invitation (extension)",
    tag: "Members",
    auth: "session",
    permission: "members:manage",
    responses: { 204: { description: "Revoked; the link stops working" } },
    errors: ["not_found"],
  },
];
