import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { resendMemberInvitation } from "@/lib/members/resend-member-invitation";
import { enforceRateLimit } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";
import { implement } from "@/lib/routes/implement";
import { resendMemberInvitationContract } from "./contract";

export const dynamic = "force-dynamic";

type P = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<P>({
  POST: implement(resendMemberInvitationContract)<P>(async ({ req, db, member, params }) => {
    const limited = await enforceRateLimit(
      limits.memberInvitations,
      member.orgId,
      "Too many invitations from this organisation; try again later.",
    );
    return {
      status: 200,
      body: await resendMemberInvitation(db, member, memberAuditContext(req, member), params.id),
      headers: limited,
    };
  }),
});
