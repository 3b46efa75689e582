import { z } from "zod";

/** /healthz: 200 while the process serves; 503 while it starts or drains (it leaves the rotation). */
export const healthSchema = z.object({ status: z.literal("ok") }).meta({ id: "Health" });
export const notServingSchema = z
  .object({ status: z.enum(["starting", "draining"]) })
  .meta({ id: "NotServing" });

/** /readyz: each dependency check; 200 when all pass, 503 (this JSON, not a problem) otherwise. */
export const readinessCheckSchema = z.object({
  name: z.string(),
  ok: z.boolean(),
  ms: z.number(),
  error: z.string().optional(),
});
export type ReadinessCheck = z.output<typeof readinessCheckSchema>;

export const readinessSchema = z
  .object({ status: z.enum(["ready", "unavailable"]), checks: z.array(readinessCheckSchema) })
  .meta({ id: "Readiness" });
