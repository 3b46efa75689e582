import { memberAuditContext } from "@/lib/audit/record-audit";
import { ApiError } from "@/lib/http/errors";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { getSsoSettings, removeSsoSettings, saveSsoSettings } from "@/lib/sso/sso-settings";
import { deleteSsoContract, getSsoContract, putSsoContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(getSsoContract)(async ({ db, member }) => {
    const settings = await getSsoSettings(db, member.orgId);
    if (!settings) throw new ApiError("not_found", "This organisation has no single sign-on.");
    return { status: 200, body: settings };
  }),
  PUT: implement(putSsoContract)(async ({ req, db, member, body }) => ({
    status: 200,
    body: await saveSsoSettings(db, memberAuditContext(req, member), body),
  })),
  DELETE: implement(deleteSsoContract)(async ({ req, db, member }) => {
    await removeSsoSettings(db, memberAuditContext(req, member));
    return { status: 204 };
  }),
});
