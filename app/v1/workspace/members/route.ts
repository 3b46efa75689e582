import { methods, workspace } from "@/lib/http/handler";
import { parseQuery } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { listMembers } from "@/lib/members/list-members";
import { listMembersQuery } from "@/lib/members/member-schema";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: workspace("members:read", async ({ req, db, member }) =>
    json(200, await listMembers(db, member.orgId, parseQuery(req, listMembersQuery))),
  ),
});
