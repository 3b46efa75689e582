import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods, workspace } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/request";
import { json, noContent } from "@/lib/http/response";
import { changeMemberRole } from "@/lib/members/change-member-role";
import { changeRoleBody } from "@/lib/members/member-schema";
import { removeMember } from "@/lib/members/remove-member";

export const dynamic = "force-dynamic";

type P = { userId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<P>({
  PATCH: workspace<P>("members:manage", async ({ req, db, member, params }) => {
    const { role } = await parseBody(req, changeRoleBody);
    return json(
      200,
      await changeMemberRole(db, member, memberAuditContext(req, member), params.userId, role),
    );
  }),
  DELETE: workspace<P>("members:manage", async ({ req, db, member, params }) => {
    await removeMember(db, member, memberAuditContext(req, member), params.userId);
    return noContent();
  }),
});
