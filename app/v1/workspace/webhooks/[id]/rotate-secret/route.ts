import { methods, workspace } from "@/lib/http/handler";
import { json } from "@/lib/http/response";
import { rotateSigningSecret } from "@/lib/webhooks/rotate-signing-secret";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  POST: workspace<Params>("webhooks:write", async ({ db, member, params }) =>
    json(200, await rotateSigningSecret(db, member.orgId, params.id)),
  ),
});
