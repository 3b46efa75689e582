import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods, workspace } from "@/lib/http/handler";
import { parseBody, parseQuery } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { inviteMember } from "@/lib/members/invite-member";
import { listMemberInvitations } from "@/lib/members/list-member-invitations";
import { inviteMemberBody, listMembersQuery } from "@/lib/members/member-schema";
import { enforceRateLimit } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: workspace("members:read", async ({ req, db, member }) =>
    json(200, await listMemberInvitations(db, member.orgId, parseQuery(req, listMembersQuery))),
  ),
  POST: workspace("members:manage", async ({ req, db, member }) => {
    const body = await parseBody(req, inviteMemberBody);
    const limited = await enforceRateLimit(
      limits.memberInvitations,
      member.orgId,
      "Too many invitations from this organisation; try again later.",
    );
    const created = await inviteMember(db, member, memberAuditContext(req, member), body);
    return json(201, created, limited);
  }),
});
