import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { redeliver } from "@/lib/webhooks/redeliver";
import { redeliverContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { id: string; deliveryId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  POST: implement(redeliverContract)<Params>(async ({ db, member, params }) => ({
    status: 202,
    body: await redeliver(db, member.orgId, params.id, params.deliveryId),
  })),
});
