import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { stopRecording } from "@/lib/recordings/stop-recording";
import { implement } from "@/lib/routes/implement";
import { stopRecordingContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { roomId: string; recordingId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  POST: implement(stopRecordingContract)<Params>(async ({ req, db, member, params }) => ({
    status: 200,
    body: await stopRecording(db, memberAuditContext(req, member), params.roomId, params.recordingId),
  })),
});
