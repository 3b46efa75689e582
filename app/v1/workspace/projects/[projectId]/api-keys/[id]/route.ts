import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { audited, memberAuditContext } from "@/lib/audit/record-audit";
import { methods, workspace } from "@/lib/http/handler";
import { noContent } from "@/lib/http/response";

export const dynamic = "force-dynamic";

type Params = { projectId: string; id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  DELETE: workspace<Params>("api_keys:write", async ({ req, db, member, params }) => {
    await audited(
      db,
      memberAuditContext(req, member),
      (tx) => revokeApiKey(tx, { orgId: member.orgId, projectId: params.projectId, keyId: params.id }),
      () => ({
        action: "api_key.revoked",
        target: { type: "api_key", id: params.id },
        metadata: { project_id: params.projectId },
      }),
    );
    return noContent();
  }),
});
