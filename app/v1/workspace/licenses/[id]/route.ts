import { methods } from "@/lib/http/handler";
import { getLicense } from "@/lib/licenses/list-licenses";
import { implement } from "@/lib/routes/implement";
import { getLicenseContract } from "./contract";

export const dynamic = "force-dynamic";

type P = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<P>({
  GET: implement(getLicenseContract)<P>(async ({ db, member, params }) => ({
    status: 200,
    body: await getLicense(db, member.orgId, params.id),
  })),
});
