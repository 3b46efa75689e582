import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { lifecycle } from "@/lib/server/lifecycle";
import { livenessContract } from "./contract";

export const dynamic = "force-dynamic";

/**
 * Liveness for load balancers: 200 only while the process serves. A process still starting, or
 * draining after SIGTERM, answers 503 so it leaves the rotation; one whose start failed has exited
 * (instrumentation.ts). Dependencies are /readyz's business.
 */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(livenessContract)(async () => {
    const state = lifecycle();
    return state === "serving"
      ? { status: 200, body: { status: "ok" } }
      : { status: 503, body: { status: state } };
  }),
});
