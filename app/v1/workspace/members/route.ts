import { methods } from "@/lib/http/handler";
import { listMembers } from "@/lib/members/list-members";
import { implement } from "@/lib/routes/implement";
import { listMembersContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(listMembersContract)(async ({ db, member, query }) => ({
    status: 200,
    body: await listMembers(db, member.orgId, query),
  })),
});
