import { methods } from "@/lib/http/handler";
import { sendInvitations } from "@/lib/invitations/send-invitations";
import { enforceRateLimit } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";
import { implement } from "@/lib/routes/implement";
import { sendInvitationsContract } from "./contract";

export const dynamic = "force-dynamic";

/** Endpoint 13: queue branded invitation emails for a room (sent by the background runtime). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(sendInvitationsContract)(async ({ db, member, body }) => {
    const limited = await enforceRateLimit(
      limits.invitations,
      member.orgId,
      "Too many invitation requests for this organisation; queued emails are unaffected.",
    );
    return { status: 200, body: await sendInvitations(db, member, body), headers: limited };
  }),
});
