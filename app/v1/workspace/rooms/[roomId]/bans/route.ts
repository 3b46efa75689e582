import { methods } from "@/lib/http/handler";
import { listBans } from "@/lib/media/moderation/ban-identity";
import { implement } from "@/lib/routes/implement";
import { listBansContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { roomId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  GET: implement(listBansContract)<Params>(async ({ db, member, params }) => ({
    status: 200,
    body: { items: await listBans(db, member.orgId, params.roomId) },
  })),
});
