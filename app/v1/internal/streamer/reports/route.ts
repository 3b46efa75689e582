import { getDb } from "@/lib/db";
import { methods } from "@/lib/http/handler";
import { authenticateRecorder } from "@/lib/recordings/authenticate-recorder";
import { implement } from "@/lib/routes/implement";
import { applyStreamerReport } from "@/lib/streams/apply-streamer-report";
import { ingestStreamerReportContract } from "./contract";

export const dynamic = "force-dynamic";

/** A streamer agent's reports (issue 45): the media agents' secret, as the recorder's. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(ingestStreamerReportContract)(async ({ req, readBody }) => {
    authenticateRecorder(req);
    await applyStreamerReport(await getDb(), await readBody());
    return { status: 202, body: { accepted: true } };
  }),
});
