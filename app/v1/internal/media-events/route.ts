import { getDb } from "@/lib/db";
import { methods } from "@/lib/http/handler";
import { authenticateMediaPlane } from "@/lib/media/authenticate-media-plane";
import { ingestMediaReport } from "@/lib/media/ingest-media-report";
import { implement } from "@/lib/routes/implement";
import { ingestMediaReportContract } from "./contract";

export const dynamic = "force-dynamic";

/** The media plane's lifecycle reports (docs/spec/product-decisions.md §7). A repeated report id is accepted again. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(ingestMediaReportContract)(async ({ req, readBody, idempotently }) => {
    authenticateMediaPlane(req);
    return idempotently("media-plane", async (r) => {
      await ingestMediaReport(await getDb(), await readBody(r));
      return { status: 202, body: { accepted: true } };
    });
  }),
});
