import { checkReadiness } from "@/lib/health/check-readiness";
import { handle, methods } from "@/lib/http/handler";
import { json } from "@/lib/http/response";

export const dynamic = "force-dynamic";

/** Readiness: the database and object storage answer; 503 otherwise, naming the failing check. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(async () => {
    const result = await checkReadiness();
    return json(result.ok ? 200 : 503, {
      status: result.ok ? "ready" : "unavailable",
      checks: result.checks,
    });
  }),
});
