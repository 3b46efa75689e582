import { readinessSchema } from "@/lib/health/health-schema";
import { defineRoute } from "@/lib/routes/contract";

export const readinessContract = defineRoute({
  method: "GET",
  path: "/readyz",
  operationId: "readiness",
  summary: "Readiness probe",
  description: "503 (this JSON, not a problem) names the failing dependency check.",
  tag: "Probes",
  auth: "none",
  responses: {
    200: { description: "Ready", schema: readinessSchema },
    503: { description: "Not ready", schema: readinessSchema },
  },
  errors: [],
});
