import { methods, workspace } from "@/lib/http/handler";
import { json } from "@/lib/http/response";
import { listMyOrgs } from "@/lib/members/list-my-orgs";

export const dynamic = "force-dynamic";

/** The caller's orgs, for the org switcher; `current` marks the one this session is in. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: workspace(null, async ({ db, member }) =>
    json(200, { items: await listMyOrgs(db, member.userId, member.orgId) }),
  ),
});
