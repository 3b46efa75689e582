import { ApiError } from "@/lib/http/errors";
import { handle } from "@/lib/http/handler";

export const dynamic = "force-dynamic";

/**
 * The bare `/v1` names no endpoint. The server hook answers it before Next's router
 * (lib/http/server-hooks.ts); this route answers the same where that hook does not run.
 */
const notFound = handle(async () => {
  throw new ApiError("not_found", "No endpoint at this path: name a resource after /v1/.");
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
