import { getDb } from "@/lib/db";
import { methods } from "@/lib/http/handler";
import { applyAgentReport } from "@/lib/recordings/apply-agent-report";
import { authenticateRecorder } from "@/lib/recordings/authenticate-recorder";
import { implement } from "@/lib/routes/implement";
import { ingestAgentReportContract } from "./contract";

export const dynamic = "force-dynamic";

/** A recording agent's reports (docs/decisions/1082); the report id dedupes, so no Idempotency-Key. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(ingestAgentReportContract)(async ({ req, readBody }) => {
    authenticateRecorder(req);
    await applyAgentReport(await getDb(), await readBody());
    return { status: 202, body: { accepted: true } };
  }),
});
