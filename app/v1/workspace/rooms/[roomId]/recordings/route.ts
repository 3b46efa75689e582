import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { startRecording } from "@/lib/recordings/start-recording";
import { implement } from "@/lib/routes/implement";
import { startRecordingContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { roomId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  POST: implement(startRecordingContract)<Params>(async ({ req, db, member, params }) => ({
    status: 201,
    body: await startRecording(db, memberAuditContext(req, member), params.roomId),
  })),
});
