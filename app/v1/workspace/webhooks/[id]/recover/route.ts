import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods, workspace } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { recoverBody, recoverDeliveries } from "@/lib/webhooks/recover-deliveries";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  POST: workspace<Params>("webhooks:write", async ({ req, db, member, params }) => {
    const input = await parseBody(req, recoverBody);
    return json(202, await recoverDeliveries(db, memberAuditContext(req, member), params.id, input));
  }),
});
