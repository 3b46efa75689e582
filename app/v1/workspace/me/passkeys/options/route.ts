import { methods } from "@/lib/http/handler";
import { passkeyRegistrationOptions } from "@/lib/passkeys/register-passkey";
import { implement } from "@/lib/routes/implement";
import { passkeyRegistrationOptionsContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(passkeyRegistrationOptionsContract)(async ({ db, member }) => ({
    status: 201,
    body: { options: { ...(await passkeyRegistrationOptions(db, member)) } },
  })),
});
