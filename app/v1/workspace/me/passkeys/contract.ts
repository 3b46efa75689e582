import { passkeyListSchema, passkeySchema, registerPasskeyBody } from "@/lib/passkeys/passkey-schemas";
import { defineRoute } from "@/lib/routes/contract";

export const listPasskeysContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/me/passkeys",
  operationId: "listMyPasskeys",
  summary: "List the caller's passkeys (extension)",
  description:
    "Oldest first, with the name the person gave, when it was last used and whether its platform syncs it. Never the credential or its public key (docs/decisions/1340).",
  tag: "Workspace",
  auth: "session",
  responses: { 200: { description: "The caller's passkeys", schema: passkeyListSchema } },
  errors: [],
});

export const registerPasskeyContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/me/passkeys",
  operationId: "registerPasskey",
  summary: "Register a passkey (extension)",
  description:
    "Send `response`, what `startRegistration()` of @simplewebauthn/browser (or `navigator.credentials.create()`) answered to the options of `POST /v1/workspace/me/passkeys/options`, and an optional `name`. The challenge must be that one, unused and under 5 minutes old (400 `passkey_challenge_invalid`); the origin the service's public URL (400 `passkey_origin_mismatch`); the attestation and user verification good (422 `passkey_verification_failed`). A passkey already registered is 409 `conflict`; past 20 passkeys, 409 `limit_reached`. Audited as `auth.passkey_added` (docs/decisions/1340).",
  tag: "Workspace",
  auth: "session",
  body: registerPasskeyBody,
  responses: { 201: { description: "Registered", schema: passkeySchema } },
  errors: [
    "passkey_challenge_invalid",
    "passkey_origin_mismatch",
    "passkey_verification_failed",
    "conflict",
    "limit_reached",
  ],
  idempotent: true,
});
