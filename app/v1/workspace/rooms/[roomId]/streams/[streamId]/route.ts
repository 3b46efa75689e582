import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { getStream } from "@/lib/streams/find-stream";
import { getStreamContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { roomId: string; streamId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  GET: implement(getStreamContract)<Params>(async ({ db, member, params }) => ({
    status: 200,
    body: await getStream(db, member.orgId, params.roomId, params.streamId),
  })),
});
