import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { removePasskey, renamePasskey } from "@/lib/passkeys/manage-passkeys";
import { implement } from "@/lib/routes/implement";
import { removePasskeyContract, renamePasskeyContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { passkeyId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  PATCH: implement(renamePasskeyContract)<Params>(async ({ req, db, member, params, body }) => ({
    status: 200,
    body: await renamePasskey(
      db,
      memberAuditContext(req, member),
      member.userId,
      params.passkeyId,
      body.name,
    ),
  })),
  DELETE: implement(removePasskeyContract)<Params>(async ({ req, db, member, params }) => {
    await removePasskey(db, memberAuditContext(req, member), member.userId, params.passkeyId);
    return { status: 204 };
  }),
});
