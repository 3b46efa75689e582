import { memberAuditContext } from "@/lib/audit/record-audit";
import { disableTotp, startTotpEnrolment } from "@/lib/auth/two-factor/enrol-totp";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { disableTotpContract, startTotpContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(startTotpContract)(async ({ db, member }) => ({
    status: 201,
    body: await startTotpEnrolment(db, member),
  })),
  DELETE: implement(disableTotpContract)(async ({ req, db, member, body }) => {
    await disableTotp(db, memberAuditContext(req, member), member, body.code);
    return { status: 204 };
  }),
});
