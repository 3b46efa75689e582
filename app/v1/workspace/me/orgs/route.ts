import { methods } from "@/lib/http/handler";
import { listMyOrgs } from "@/lib/members/list-my-orgs";
import { implement } from "@/lib/routes/implement";
import { listMyOrgsContract } from "./contract";

export const dynamic = "force-dynamic";

/** The caller's orgs, for the org switcher; `current` marks the one this session is in. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(listMyOrgsContract)(async ({ db, member }) => ({
    status: 200,
    body: { items: await listMyOrgs(db, member.userId, member.orgId) },
  })),
});
