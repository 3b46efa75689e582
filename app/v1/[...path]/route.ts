import { ApiError } from "@/lib/http/errors";
import { problem } from "@/lib/http/response";

export const dynamic = "force-dynamic";

/** Any /v1 path without a route answers problem+json, never Next's HTML 404. */
async function notFound(req: Request): Promise<Response> {
  return problem(new ApiError("not_found", `No endpoint at ${new URL(req.url).pathname}.`));
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
