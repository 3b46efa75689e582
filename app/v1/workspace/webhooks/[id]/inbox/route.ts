import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { listInboxMessages } from "@/lib/webhooks/inbox/list-inbox";
import { listInboxContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  GET: implement(listInboxContract)<Params>(async ({ db, member, params, query }) => ({
    status: 200,
    body: await listInboxMessages(db, member.orgId, params.id, query),
  })),
});
