import { invitationResultSchema, sendInvitationsBody } from "@/lib/invitations/invitation-schema";
import { limits } from "@/lib/ratelimit/policies";
import { defineRoute } from "@/lib/routes/contract";

export const sendInvitationsContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/meet/invitations",
  operationId: "sendInvitations",
  summary: "Invite people to a room",
  description:
    "Queues one email per valid recipient (1 to 50 entries). At most 200 emails per org per rolling hour go out; the rest wait and are released evenly.",
  tag: "Invitations",
  auth: "session",
  permission: "invitations:send",
  planGate: true,
  body: sendInvitationsBody,
  responses: { 200: { description: "OK", schema: invitationResultSchema } },
  errors: ["not_found", "room_ended"],
  rateLimits: [limits.invitations],
  idempotent: true,
});
