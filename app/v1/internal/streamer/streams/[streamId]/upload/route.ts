import { getDb } from "@/lib/db";
import { methods } from "@/lib/http/handler";
import { authenticateRecorder } from "@/lib/recordings/authenticate-recorder";
import { implement } from "@/lib/routes/implement";
import { issueStreamUpload } from "@/lib/streams/stream-for-agent";
import { issueStreamUploadContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { streamId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  POST: implement(issueStreamUploadContract)<Params>(async ({ req, params, readBody }) => {
    authenticateRecorder(req);
    return { status: 200, body: await issueStreamUpload(await getDb(), params.streamId, await readBody()) };
  }),
});
