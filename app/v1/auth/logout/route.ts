import { clearSessionCookieHeader } from "@/lib/auth/session";
import { handle, methods } from "@/lib/http/handler";
import { noContent } from "@/lib/http/response";

export const dynamic = "force-dynamic";

/** The session is a stateless JWT: signing out clears the cookie (docs/decisions/0002). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(async () => noContent({ "set-cookie": clearSessionCookieHeader() })),
});
