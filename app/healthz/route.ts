import { json } from "@/lib/http/response";

export const dynamic = "force-dynamic";

/** Liveness: the process answers. Dependencies are /readyz's business. */
export async function GET(): Promise<Response> {
  return json(200, { status: "ok" });
}
