import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { revokeApiKeyContract } from "./contract";

export const dynamic = "force-dynamic";

type P = { projectId: string; id: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<P>({
  DELETE: implement(revokeApiKeyContract)<P>(async ({ req, db, member, params, query }) => {
    await revokeApiKey(
      db,
      memberAuditContext(req, member),
      { orgId: member.orgId, projectId: params.projectId, keyId: params.id },
      { roomTokens: query.revoke_room_tokens === "true" },
    );
    return { status: 204 };
  }),
});
