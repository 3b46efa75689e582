import { methods, workspace } from "@/lib/http/handler";
import { json } from "@/lib/http/response";
import { redeliver } from "@/lib/webhooks/redeliver";

export const dynamic = "force-dynamic";

type Params = { id: string; deliveryId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  POST: workspace<Params>("webhooks:write", async ({ db, member, params }) => {
    const delivery = await redeliver(db, member.orgId, params.id, params.deliveryId);
    return json(202, delivery);
  }),
});
