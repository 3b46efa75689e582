import { methods, workspace } from "@/lib/http/handler";
import { json } from "@/lib/http/response";
import { createDownloadLink } from "@/lib/recordings/create-download-link";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  // No body is defined; anything sent is ignored.
  POST: workspace<Params>("recordings:download", async ({ db, member, params }) =>
    json(200, await createDownloadLink(db, member.orgId, params.id)),
  ),
});
