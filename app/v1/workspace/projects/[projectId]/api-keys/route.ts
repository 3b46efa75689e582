import { mintApiKeyBody } from "@/lib/api-keys/api-key-schema";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { mintApiKey } from "@/lib/api-keys/mint-api-key";
import { audited, memberAuditContext } from "@/lib/audit/record-audit";
import { requirePlan } from "@/lib/billing/require-plan";
import { methods, workspace } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/request";
import { json } from "@/lib/http/response";

export const dynamic = "force-dynamic";

type Params = { projectId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  // Extension (docs/decisions/0100): the key list the console shows; never a secret.
  GET: workspace<Params>("projects:read", async ({ db, member, params }) =>
    json(200, await listApiKeys(db, { orgId: member.orgId, projectId: params.projectId })),
  ),
  POST: workspace<Params>("api_keys:write", async ({ req, db, member, params }) => {
    requirePlan(member);
    const input = await parseBody(req, mintApiKeyBody);
    const key = await audited(
      db,
      memberAuditContext(req, member),
      (tx) =>
        mintApiKey(tx, { orgId: member.orgId, projectId: params.projectId, userId: member.userId }, input),
      (k) => ({
        action: "api_key.created",
        target: { type: "api_key", id: k.id },
        metadata: {
          project_id: params.projectId,
          name: k.name,
          scope: k.scope,
          grants: k.grants,
          prefix: k.prefix,
        },
      }),
    );
    return json(201, key);
  }),
});
