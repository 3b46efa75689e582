import { rotateApiKey } from "@/lib/api-keys/rotate-api-key";
import { audited, memberAuditContext } from "@/lib/audit/record-audit";
import { methods, workspace } from "@/lib/http/handler";
import { json } from "@/lib/http/response";

export const dynamic = "force-dynamic";

type Params = { projectId: string; id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  // No body is defined; anything sent is ignored.
  POST: workspace<Params>("api_keys:write", async ({ req, db, member, params }) => {
    const scope = { orgId: member.orgId, projectId: params.projectId, keyId: params.id };
    const rotated = await audited(
      db,
      memberAuditContext(req, member),
      (tx) => rotateApiKey(tx, scope),
      (k) => ({
        action: "api_key.rotated",
        target: { type: "api_key", id: k.id },
        metadata: { project_id: params.projectId, prefix: k.prefix },
      }),
    );
    return json(200, rotated);
  }),
});
