import { defineRoute } from "@/lib/routes/contract";

export const signOutEverywhereContract = defineRoute({
  method: "POST",
  path: "/v1/auth/logout-all",
  operationId: "signOutEverywhere",
  summary: "Sign out everywhere (extension)",
  description:
    "Ends every session of the caller (every device, cookie or Bearer), this one included. An `Idempotency-Key` is checked like elsewhere, but a repeat cannot replay: the session it would authenticate with has ended.",
  tag: "Auth",
  auth: "session",
  noBody: true,
  responses: { 204: { description: "Done" } },
  errors: ["validation_failed", "idempotency_key_reused", "conflict"],
});
