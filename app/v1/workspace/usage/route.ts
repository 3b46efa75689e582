import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { readUsage } from "@/lib/usage/read-usage";
import { getUsageContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(getUsageContract)(async ({ db, member, query }) => ({
    status: 200,
    body: await readUsage(db, member.orgId, query),
  })),
});
