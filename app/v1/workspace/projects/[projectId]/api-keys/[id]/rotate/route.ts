import { rotateApiKey } from "@/lib/api-keys/rotate-api-key";
import { methods, workspace } from "@/lib/http/handler";
import { json } from "@/lib/http/response";

export const dynamic = "force-dynamic";

type Params = { projectId: string; id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  // No body is defined; anything sent is ignored.
  POST: workspace<Params>("api_keys:write", async ({ db, member, params }) => {
    const rotated = await rotateApiKey(db, {
      orgId: member.orgId,
      projectId: params.projectId,
      keyId: params.id,
    });
    return json(200, rotated);
  }),
});
