import { getDb } from "@/lib/db";
import { methods } from "@/lib/http/handler";
import { authenticateRecorder } from "@/lib/recordings/authenticate-recorder";
import { implement } from "@/lib/routes/implement";
import { streamForAgent } from "@/lib/streams/stream-for-agent";
import { getAgentStreamContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { streamId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  GET: implement(getAgentStreamContract)<Params>(async ({ req, params }) => {
    authenticateRecorder(req);
    return { status: 200, body: await streamForAgent(await getDb(), params.streamId) };
  }),
});
