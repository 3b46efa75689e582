import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { stopStream } from "@/lib/streams/stop-stream";
import { stopStreamContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { roomId: string; streamId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  POST: implement(stopStreamContract)<Params>(async ({ req, db, member, params }) => ({
    status: 200,
    body: await stopStream(db, memberAuditContext(req, member), params.roomId, params.streamId),
  })),
});
