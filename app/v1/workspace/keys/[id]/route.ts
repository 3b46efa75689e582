import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { revokeWorkspaceKey } from "@/lib/workspace-keys/change-workspace-key";
import { revokeWorkspaceKeyContract } from "./contract";

export const dynamic = "force-dynamic";

type P = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<P>({
  DELETE: implement(revokeWorkspaceKeyContract)<P>(async ({ req, db, member, params }) => {
    await revokeWorkspaceKey(db, memberAuditContext(req, member), member, params.id);
    return { status: 204 };
  }),
});
