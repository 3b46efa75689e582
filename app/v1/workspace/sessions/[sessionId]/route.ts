import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { getSession } from "@/lib/usage/get-session";
import { getRoomSessionContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { sessionId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  GET: implement(getRoomSessionContract)<Params>(async ({ db, member, params }) => ({
    status: 200,
    body: await getSession(db, member.orgId, params.sessionId, member.key?.projectId ?? undefined),
  })),
});
