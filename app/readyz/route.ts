import { checkReadiness } from "@/lib/health/check-readiness";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { readinessContract } from "./contract";

export const dynamic = "force-dynamic";

/** Readiness: the database and object storage answer; 503 otherwise, naming the failing check. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(readinessContract)(async () => {
    const { ok, checks } = await checkReadiness();
    return ok
      ? { status: 200, body: { status: "ready", checks } }
      : { status: 503, body: { status: "unavailable", checks } };
  }),
});
