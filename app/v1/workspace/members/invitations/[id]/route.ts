import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods, workspace } from "@/lib/http/handler";
import { noContent } from "@/lib/http/response";
import { revokeMemberInvitation } from "@/lib/members/revoke-member-invitation";

export const dynamic = "force-dynamic";

type P = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<P>({
  DELETE: workspace<P>("members:manage", async ({ req, db, member, params }) => {
    await revokeMemberInvitation(db, member, memberAuditContext(req, member), params.id);
    return noContent();
  }),
});
