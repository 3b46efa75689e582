import { methods } from "@/lib/http/handler";
import { listTimeline } from "@/lib/media/list-live";
import { implement } from "@/lib/routes/implement";
import { listTimelineContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { roomId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  GET: implement(listTimelineContract)<Params>(async ({ db, member, params, query }) => ({
    status: 200,
    body: await listTimeline(db, member.orgId, params.roomId, query),
  })),
});
