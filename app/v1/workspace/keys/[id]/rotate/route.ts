import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { rotateWorkspaceKey } from "@/lib/workspace-keys/change-workspace-key";
import { rotateWorkspaceKeyContract } from "./contract";

export const dynamic = "force-dynamic";

type P = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<P>({
  // No body is defined; anything sent is ignored.
  POST: implement(rotateWorkspaceKeyContract)<P>(async ({ req, db, member, params }) => ({
    status: 200,
    body: await rotateWorkspaceKey(db, memberAuditContext(req, member), member, params.id),
  })),
});
