import { methods } from "@/lib/http/handler";
import { createDownloadLink } from "@/lib/recordings/create-download-link";
import { implement } from "@/lib/routes/implement";
import { createDownloadLinkContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  // No body is defined; anything sent is ignored.
  POST: implement(createDownloadLinkContract)<Params>(async ({ db, member, params }) => ({
    status: 200,
    body: await createDownloadLink(db, member.orgId, params.id),
  })),
});
