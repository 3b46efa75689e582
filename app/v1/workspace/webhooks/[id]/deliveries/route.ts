import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { listDeliveriesContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  GET: implement(listDeliveriesContract)<Params>(async ({ db, member, params, query }) => ({
    status: 200,
    body: await listDeliveries(db, member.orgId, params.id, query),
  })),
});
