import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { deleteRecording } from "@/lib/recordings/delete-recording";
import { getRecording } from "@/lib/recordings/get-recording";
import { implement } from "@/lib/routes/implement";
import { deleteRecordingContract, getRecordingContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  GET: implement(getRecordingContract)<Params>(async ({ db, member, params }) => ({
    status: 200,
    body: await getRecording(db, member.orgId, params.id),
  })),
  DELETE: implement(deleteRecordingContract)<Params>(async ({ req, db, member, params }) => {
    await deleteRecording(db, memberAuditContext(req, member), params.id);
    return { status: 204 };
  }),
});
