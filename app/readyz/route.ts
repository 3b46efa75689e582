import { checkReadiness } from "@/lib/health/check-readiness";
import { json } from "@/lib/http/response";

export const dynamic = "force-dynamic";

/** Readiness: the database and object storage answer; 503 otherwise, naming the failing check. */
export async function GET(): Promise<Response> {
  const result = await checkReadiness();
  return json(result.ok ? 200 : 503, { status: result.ok ? "ready" : "unavailable", checks: result.checks });
}
