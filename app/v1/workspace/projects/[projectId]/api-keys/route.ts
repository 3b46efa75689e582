import { mintApiKeyBody } from "@/lib/api-keys/api-key-schema";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { mintApiKey } from "@/lib/api-keys/mint-api-key";
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
    const key = await mintApiKey(
      db,
      { orgId: member.orgId, projectId: params.projectId, userId: member.userId },
      input,
    );
    return json(201, key);
  }),
});
