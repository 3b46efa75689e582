import { getDb } from "@/lib/db";
import { methods } from "@/lib/http/handler";
import { authenticateRecorder } from "@/lib/recordings/authenticate-recorder";
import { issueRecordingUpload } from "@/lib/recordings/issue-recording-upload";
import { implement } from "@/lib/routes/implement";
import { issueRecordingUploadContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { recordingId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  POST: implement(issueRecordingUploadContract)<Params>(async ({ req, params, readBody }) => {
    authenticateRecorder(req);
    return {
      status: 200,
      body: await issueRecordingUpload(await getDb(), params.recordingId, await readBody()),
    };
  }),
});
