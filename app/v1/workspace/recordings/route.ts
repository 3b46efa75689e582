import { methods } from "@/lib/http/handler";
import { listRecordings } from "@/lib/recordings/list-recordings";
import { implement } from "@/lib/routes/implement";
import { listRecordingsContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(listRecordingsContract)(async ({ db, member, query }) => ({
    status: 200,
    body: await listRecordings(db, member.orgId, query),
  })),
});
