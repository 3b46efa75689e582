import { methods } from "@/lib/http/handler";
import { toIdentity } from "@/lib/identity/load-member";
import { implement } from "@/lib/routes/implement";
import { getIdentityContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(getIdentityContract)(async ({ member }) => ({ status: 200, body: toIdentity(member) })),
});
