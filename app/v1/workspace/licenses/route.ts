import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { issueLicense } from "@/lib/licenses/issue-license";
import { listLicenses } from "@/lib/licenses/list-licenses";
import { implement } from "@/lib/routes/implement";
import { issueLicenseContract, listLicensesContract } from "./contract";

export const dynamic = "force-dynamic";

/** Extension (issue 48): Owners and Billing members issue and list self-hosted licences (cloud mode). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(listLicensesContract)(async ({ db, member, query }) => ({
    status: 200,
    body: await listLicenses(db, member.orgId, query),
  })),
  POST: implement(issueLicenseContract)(async ({ req, db, member, body }) => ({
    status: 201,
    body: await issueLicense(db, memberAuditContext(req, member), body),
  })),
});
