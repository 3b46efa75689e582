import { passkeySchema, renamePasskeyBody } from "@/lib/passkeys/passkey-schemas";
import { defineRoute } from "@/lib/routes/contract";

export const renamePasskeyContract = defineRoute({
  method: "PATCH",
  path: "/v1/workspace/me/passkeys/{passkeyId}",
  operationId: "renamePasskey",
  summary: "Rename one of the caller's passkeys (extension)",
  description:
    "`name`: 1 to 64 characters. Another person's passkey is 404. Audited as `auth.passkey_renamed`.",
  tag: "Workspace",
  auth: "session",
  body: renamePasskeyBody,
  responses: { 200: { description: "Renamed", schema: passkeySchema } },
  errors: ["not_found"],
});

export const removePasskeyContract = defineRoute({
  method: "DELETE",
  path: "/v1/workspace/me/passkeys/{passkeyId}",
  operationId: "removePasskey",
  summary: "Remove one of the caller's passkeys (extension)",
  description:
    "It signs in no more, at once. Another person's passkey is 404. Audited as `auth.passkey_removed` (docs/decisions/1340).",
  tag: "Workspace",
  auth: "session",
  responses: { 204: { description: "Removed" } },
  errors: ["not_found"],
});
