import { passkeyOptionsSchema } from "@/lib/passkeys/passkey-schemas";
import { defineRoute } from "@/lib/routes/contract";

export const passkeyRegistrationOptionsContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/me/passkeys/options",
  operationId: "passkeyRegistrationOptions",
  summary: "Start registering a passkey (extension)",
  description:
    "Answers `options` for `startRegistration()` of @simplewebauthn/browser: a single-use challenge valid 5 minutes, the relying party (the host of the service's public URL), the caller's existing passkeys excluded, a discoverable credential with user verification required (docs/decisions/1340).",
  tag: "Workspace",
  auth: "session",
  noBody: true,
  responses: { 201: { description: "Registration options", schema: passkeyOptionsSchema } },
  errors: [],
  idempotent: true,
});
