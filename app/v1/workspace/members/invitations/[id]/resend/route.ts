import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods, workspace } from "@/lib/http/handler";
import { json } from "@/lib/http/response";
import { resendMemberInvitation } from "@/lib/members/resend-member-invitation";
import { enforceRateLimit } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";

export const dynamic = "force-dynamic";

type P = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<P>({
  POST: workspace<P>("members:manage", async ({ req, db, member, params }) => {
    const limited = await enforceRateLimit(
      limits.memberInvitations,
      member.orgId,
      "Too many invitations from this organisation; try again later.",
    );
    return json(
      200,
      await resendMemberInvitation(db, member, memberAuditContext(req, member), params.id),
      limited,
    );
  }),
});
