import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { recoverDeliveries } from "@/lib/webhooks/recover-deliveries";
import { recoverDeliveriesContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  POST: implement(recoverDeliveriesContract)<Params>(async ({ req, db, member, params, body }) => ({
    status: 202,
    body: await recoverDeliveries(db, memberAuditContext(req, member), params.id, body),
  })),
});
