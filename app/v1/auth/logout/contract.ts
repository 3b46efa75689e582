import { defineRoute } from "@/lib/routes/contract";

export const signOutContract = defineRoute({
  method: "POST",
  path: "/v1/auth/logout",
  operationId: "signOut",
  summary: "Sign out",
  description:
    "Ends the session on the server (the token is refused afterwards, as a cookie or a Bearer) and clears the cookie.",
  tag: "Auth",
  auth: "none",
  noBody: true,
  responses: { 204: { description: "Signed out" } },
  errors: ["csrf_failed"],
});
