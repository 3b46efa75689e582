import { memberAuditContext } from "@/lib/audit/record-audit";
import { readTwoFactorPolicy, setTwoFactorPolicy } from "@/lib/auth/two-factor/org-policy";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { getSecurityPolicyContract, updateSecurityPolicyContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(getSecurityPolicyContract)(async ({ db, member }) => ({
    status: 200,
    body: await readTwoFactorPolicy(db, member.orgId),
  })),
  PATCH: implement(updateSecurityPolicyContract)(async ({ req, db, member, body }) => ({
    status: 200,
    body: await setTwoFactorPolicy(db, memberAuditContext(req, member), member, body.require_two_factor),
  })),
});
