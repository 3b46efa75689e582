import { getDb } from "@/lib/db";
import { methods } from "@/lib/http/handler";
import { authenticateRecorder } from "@/lib/recordings/authenticate-recorder";
import { recordingForAgent } from "@/lib/recordings/recording-for-agent";
import { implement } from "@/lib/routes/implement";
import { getAgentRecordingContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { recordingId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  GET: implement(getAgentRecordingContract)<Params>(async ({ req, params }) => {
    authenticateRecorder(req);
    return { status: 200, body: await recordingForAgent(await getDb(), params.recordingId) };
  }),
});
