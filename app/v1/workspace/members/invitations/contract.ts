import { inviteMemberBody, listMembersQuery, memberInvitationSchema } from "@/lib/members/member-schema";
import { limits } from "@/lib/ratelimit/policies";
import { defineRoute } from "@/lib/routes/contract";
import { page } from "@/lib/wire";

export const listMemberInvitationsContract = defineRoute({
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
});

export const inviteMemberContract = defineRoute({
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
});
