import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { listPasskeys } from "@/lib/passkeys/manage-passkeys";
import { registerPasskey } from "@/lib/passkeys/register-passkey";
import { implement } from "@/lib/routes/implement";
import { listPasskeysContract, registerPasskeyContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(listPasskeysContract)(async ({ db, member }) => ({
    status: 200,
    body: { items: await listPasskeys(db, member.userId) },
  })),
  POST: implement(registerPasskeyContract)(async ({ req, db, member, body }) => ({
    status: 201,
    body: await registerPasskey(db, memberAuditContext(req, member), member, body),
  })),
});
