import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { changeMemberRole } from "@/lib/members/change-member-role";
import { removeMember } from "@/lib/members/remove-member";
import { implement } from "@/lib/routes/implement";
import { changeMemberRoleContract, removeMemberContract } from "./contract";

export const dynamic = "force-dynamic";

type P = { userId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<P>({
  PATCH: implement(changeMemberRoleContract)<P>(async ({ req, db, member, params, body }) => ({
    status: 200,
    body: await changeMemberRole(db, member, memberAuditContext(req, member), params.userId, body.role),
  })),
  DELETE: implement(removeMemberContract)<P>(async ({ req, db, member, params }) => {
    await removeMember(db, member, memberAuditContext(req, member), params.userId);
    return { status: 204 };
  }),
});
