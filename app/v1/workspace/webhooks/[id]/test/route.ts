import { sendTestEvent } from "@/lib/events/send-test-event";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { sendTestEventContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  POST: implement(sendTestEventContract)<Params>(async ({ db, member, params, body }) => ({
    status: 202,
    body: await sendTestEvent(db, member.orgId, params.id, body),
  })),
});
