import { handle, methods } from "@/lib/http/handler";
import { json } from "@/lib/http/response";
import { lifecycle } from "@/lib/server/lifecycle";

export const dynamic = "force-dynamic";

/**
 * Liveness for load balancers: 200 only while the process serves. A process still starting, or
 * draining after SIGTERM, answers 503 so it leaves the rotation; one whose start failed has exited
 * (instrumentation.ts). Dependencies are /readyz's business.
 */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(async () => {
    const state = lifecycle();
    return state === "serving" ? json(200, { status: "ok" }) : json(503, { status: state });
  }),
});
