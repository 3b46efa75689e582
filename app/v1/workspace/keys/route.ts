import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { createWorkspaceKey } from "@/lib/workspace-keys/create-workspace-key";
import { listWorkspaceKeys } from "@/lib/workspace-keys/list-workspace-keys";
import { createWorkspaceKeyContract, listWorkspaceKeysContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(listWorkspaceKeysContract)(async ({ db, member }) => ({
    status: 200,
    body: await listWorkspaceKeys(db, member.orgId),
  })),
  POST: implement(createWorkspaceKeyContract)(async ({ req, db, member, body }) => ({
    status: 201,
    body: await createWorkspaceKey(db, memberAuditContext(req, member), member, body),
  })),
});
