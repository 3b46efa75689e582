import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { mintApiKey } from "@/lib/api-keys/mint-api-key";
import { audited, memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { personOf } from "@/lib/identity/load-member";
import { implement } from "@/lib/routes/implement";
import { listApiKeysContract, mintApiKeyContract } from "./contract";

export const dynamic = "force-dynamic";

type P = { projectId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<P>({
  // Extension (docs/decisions/0100): the key list the console shows; never a secret.
  GET: implement(listApiKeysContract)<P>(async ({ db, member, params, query }) => ({
    status: 200,
    body: await listApiKeys(db, { orgId: member.orgId, projectId: params.projectId }, query.q),
  })),
  POST: implement(mintApiKeyContract)<P>(async ({ req, db, member, params, body }) => {
    const key = await audited(
      db,
      memberAuditContext(req, member),
      (tx) =>
        mintApiKey(tx, { orgId: member.orgId, projectId: params.projectId, userId: personOf(member) }, body),
      (k) => ({
        action: "api_key.created",
        target: { type: "api_key", id: k.id },
        metadata: {
          project_id: params.projectId,
          name: k.name,
          scope: k.scope,
          grants: k.grants,
          prefix: k.prefix,
        },
      }),
    );
    return { status: 201, body: key };
  }),
});
