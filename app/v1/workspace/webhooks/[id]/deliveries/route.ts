import { methods, workspace } from "@/lib/http/handler";
import { parseQuery } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { listDeliveries, listDeliveriesQuery } from "@/lib/webhooks/list-deliveries";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  GET: workspace<Params>("webhooks:read", async ({ req, db, member, params }) =>
    json(200, await listDeliveries(db, member.orgId, params.id, parseQuery(req, listDeliveriesQuery))),
  ),
});
