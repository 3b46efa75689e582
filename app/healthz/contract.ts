import { healthSchema, notServingSchema } from "@/lib/health/health-schema";
import { defineRoute } from "@/lib/routes/contract";

export const livenessContract = defineRoute({
  method: "GET",
  path: "/healthz",
  operationId: "liveness",
  summary: "Liveness probe",
  description: "503 (this JSON, not a problem) while the process starts or drains after SIGTERM.",
  tag: "Probes",
  auth: "none",
  responses: {
    200: { description: "Serving", schema: healthSchema },
    503: { description: "Starting or draining", schema: notServingSchema },
  },
  errors: [],
});
