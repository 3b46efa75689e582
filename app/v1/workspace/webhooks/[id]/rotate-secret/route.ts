import { audited, memberAuditContext } from "@/lib/audit/record-audit";
import { methods, workspace } from "@/lib/http/handler";
import { json } from "@/lib/http/response";
import { rotateSigningSecret } from "@/lib/webhooks/rotate-signing-secret";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  POST: workspace<Params>("webhooks:write", async ({ req, db, member, params }) => {
    const rotated = await audited(
      db,
      memberAuditContext(req, member),
      (tx) => rotateSigningSecret(tx, member.orgId, params.id),
      (r) => ({
        action: "webhook.secret_rotated",
        target: { type: "webhook", id: r.id },
        metadata: { kid: r.kid, previous_kid: r.previous_kid },
      }),
    );
    return json(200, rotated);
  }),
});
