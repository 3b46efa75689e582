import { methods, workspace } from "@/lib/http/handler";
import { json } from "@/lib/http/response";
import { toIdentity } from "@/lib/identity/load-member";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: workspace(null, async ({ member }) => json(200, toIdentity(member))),
});
