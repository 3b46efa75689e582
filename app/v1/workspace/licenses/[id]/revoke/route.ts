import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { revokeLicense } from "@/lib/licenses/revoke-license";
import { implement } from "@/lib/routes/implement";
import { revokeLicenseContract } from "./contract";

export const dynamic = "force-dynamic";

type P = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<P>({
  POST: implement(revokeLicenseContract)<P>(async ({ req, db, member, params }) => ({
    status: 200,
    body: await revokeLicense(db, memberAuditContext(req, member), params.id),
  })),
});
