import { methods, workspace } from "@/lib/http/handler";
import { json } from "@/lib/http/response";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  POST: workspace<Params>("webhooks:write", async ({ db, member, params }) => {
    const delivery = await sendTestEvent(db, member.orgId, params.id);
    return json(202, delivery);
  }),
});
