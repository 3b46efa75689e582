import { getDb } from "@/lib/db";
import { handle, methods } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { withIdempotency } from "@/lib/idempotency/with-idempotency";
import { authenticateMediaPlane } from "@/lib/media/authenticate-media-plane";
import { ingestMediaReport } from "@/lib/media/ingest-media-report";
import { mediaReportBody } from "@/lib/media/media-report-schema";

export const dynamic = "force-dynamic";

/** The media plane's lifecycle reports (decisions §7). A repeated report id is accepted again. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(async (req) => {
    authenticateMediaPlane(req);
    return withIdempotency(req, "media-plane", async (r) => {
      await ingestMediaReport(await getDb(), await parseBody(r, mediaReportBody));
      return json(202, { accepted: true });
    });
  }),
});
