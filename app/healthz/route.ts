import { handle, methods } from "@/lib/http/handler";
import { json } from "@/lib/http/response";

export const dynamic = "force-dynamic";

/** Liveness: the process answers. Dependencies are /readyz's business. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(async () => json(200, { status: "ok" })),
});
