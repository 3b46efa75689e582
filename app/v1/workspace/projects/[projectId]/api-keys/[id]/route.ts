import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { methods, workspace } from "@/lib/http/handler";
import { noContent } from "@/lib/http/response";

export const dynamic = "force-dynamic";

type Params = { projectId: string; id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  DELETE: workspace<Params>("api_keys:write", async ({ db, member, params }) => {
    await revokeApiKey(db, { orgId: member.orgId, projectId: params.projectId, keyId: params.id });
    return noContent();
  }),
});
