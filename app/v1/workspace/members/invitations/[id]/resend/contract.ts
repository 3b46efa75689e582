import { memberInvitationSchema } from "@/lib/members/member-schema";
import { limits } from "@/lib/ratelimit/policies";
import { defineRoute } from "@/lib/routes/contract";

export const resendMemberInvitationContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/members/invitations/{id}/resend",
  operationId: "resendMemberInvitation",
  summary: "Resend an invitation (extension)",
  description:
    "The same invitation (same id) with a fresh link, valid 7 days from now; the previous link stops working (410).",
  tag: "Members",
  auth: "session",
  permission: "members:manage",
  noBody: true,
  responses: { 200: { description: "The invitation", schema: memberInvitationSchema } },
  errors: ["not_found", "already_member"],
  rateLimits: [limits.memberInvitations],
  idempotent: true,
});
