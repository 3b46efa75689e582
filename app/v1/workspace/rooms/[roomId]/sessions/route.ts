import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { listSessions } from "@/lib/usage/list-sessions";
import { listRoomSessionsContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { roomId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  GET: implement(listRoomSessionsContract)<Params>(async ({ db, member, params, query }) => ({
    status: 200,
    body: await listSessions(db, member.orgId, params.roomId, query),
  })),
});
