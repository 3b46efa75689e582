import { methods, workspace } from "@/lib/http/handler";
import { parseQuery } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { listRecordings, listRecordingsQuery } from "@/lib/recordings/list-recordings";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: workspace("recordings:read", async ({ req, db, member }) =>
    json(200, await listRecordings(db, member.orgId, parseQuery(req, listRecordingsQuery))),
  ),
});
