import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { revokeMemberInvitation } from "@/lib/members/revoke-member-invitation";
import { implement } from "@/lib/routes/implement";
import { revokeMemberInvitationContract } from "./contract";

export const dynamic = "force-dynamic";

type P = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<P>({
  DELETE: implement(revokeMemberInvitationContract)<P>(async ({ req, db, member, params }) => {
    await revokeMemberInvitation(db, member, memberAuditContext(req, member), params.id);
    return { status: 204 };
  }),
});
