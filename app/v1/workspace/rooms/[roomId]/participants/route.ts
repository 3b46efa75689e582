import { methods } from "@/lib/http/handler";
import { listParticipants } from "@/lib/media/list-live";
import { implement } from "@/lib/routes/implement";
import { listParticipantsContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { roomId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  GET: implement(listParticipantsContract)<Params>(async ({ db, member, params, query }) => ({
    status: 200,
    body: await listParticipants(db, member.orgId, params.roomId, query),
  })),
});
