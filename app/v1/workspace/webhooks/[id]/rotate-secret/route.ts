import { audited, memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { rotateSigningSecret } from "@/lib/webhooks/rotate-signing-secret";
import { rotateWebhookSecretContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  POST: implement(rotateWebhookSecretContract)<Params>(async ({ req, db, member, params }) => ({
    status: 200,
    body: await audited(
      db,
      memberAuditContext(req, member),
      (tx) => rotateSigningSecret(tx, member.orgId, params.id),
      (r) => ({
        action: "webhook.secret_rotated",
        target: { type: "webhook", id: r.id },
        metadata: { kid: r.kid, previous_kid: r.previous_kid },
      }),
    ),
  })),
});
