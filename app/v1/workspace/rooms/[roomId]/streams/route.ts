import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { listStreams } from "@/lib/streams/find-stream";
import { startStream } from "@/lib/streams/start-stream";
import { listStreamsContract, startStreamContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { roomId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  GET: implement(listStreamsContract)<Params>(async ({ db, member, params }) => ({
    status: 200,
    body: { items: await listStreams(db, member.orgId, params.roomId) },
  })),
  POST: implement(startStreamContract)<Params>(async ({ req, db, member, params, body }) => ({
    status: 201,
    body: await startStream(db, memberAuditContext(req, member), params.roomId, body),
  })),
});
