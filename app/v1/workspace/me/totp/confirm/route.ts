import { memberAuditContext } from "@/lib/audit/record-audit";
import { confirmTotp } from "@/lib/auth/two-factor/enrol-totp";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { confirmTotpContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(confirmTotpContract)(async ({ req, db, member, body }) => ({
    status: 200,
    body: { recovery_codes: await confirmTotp(db, memberAuditContext(req, member), member, body.code) },
  })),
});
