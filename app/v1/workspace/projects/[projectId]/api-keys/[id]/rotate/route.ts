import { rotateApiKey } from "@/lib/api-keys/rotate-api-key";
import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { rotateApiKeyContract } from "./contract";

export const dynamic = "force-dynamic";

type P = { projectId: string; id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<P>({
  // No body is defined; anything sent is ignored.
  POST: implement(rotateApiKeyContract)<P>(async ({ req, db, member, params }) => {
    const scope = { orgId: member.orgId, projectId: params.projectId, keyId: params.id };
    return { status: 200, body: await rotateApiKey(db, memberAuditContext(req, member), scope) };
  }),
});
