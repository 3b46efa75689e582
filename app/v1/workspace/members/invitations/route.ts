import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { inviteMember } from "@/lib/members/invite-member";
import { listMemberInvitations } from "@/lib/members/list-member-invitations";
import { enforceRateLimit } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";
import { implement } from "@/lib/routes/implement";
import { inviteMemberContract, listMemberInvitationsContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(listMemberInvitationsContract)(async ({ db, member, query }) => ({
    status: 200,
    body: await listMemberInvitations(db, member.orgId, query),
  })),
  POST: implement(inviteMemberContract)(async ({ req, db, member, body }) => {
    const limited = await enforceRateLimit(
      limits.memberInvitations,
      member.orgId,
      "Too many invitations from this organisation; try again later.",
    );
    const created = await inviteMember(db, member, memberAuditContext(req, member), body);
    return { status: 201, body: created, headers: limited };
  }),
});
