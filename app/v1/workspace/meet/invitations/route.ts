import { requirePlan } from "@/lib/billing/require-plan";
import { methods, workspace } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { sendInvitationsBody } from "@/lib/invitations/invitation-schema";
import { sendInvitations } from "@/lib/invitations/send-invitations";
import { enforceRateLimit } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";

export const dynamic = "force-dynamic";

/** Endpoint 13: queue branded invitation emails for a room (sent by the background runtime). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: workspace("invitations:send", async ({ req, db, member }) => {
    requirePlan(member);
    const limited = await enforceRateLimit(
      limits.invitations,
      member.orgId,
      "Too many invitation requests for this organisation; queued emails are unaffected.",
    );
    return json(200, await sendInvitations(db, member, await parseBody(req, sendInvitationsBody)), limited);
  }),
});
