import { z } from "zod";

/**
 * What every driver's events route answers once the request is stored (lib/media/intake.ts):
 * the events are durable, not applied yet (the apply-media-intake job applies them).
 */
export const mediaIntakeReceiptShape = {
  stored: z.number().int().meta({
    description:
      "Observations and reports stored for the pipeline (0: nothing in the request concerns the service). Applied after the answer; repeats and other nodes' rooms change nothing.",
  }),
  intake_id: z.string().nullable().meta({
    description: "The stored request's id (`mi_…`, for logs and dead letters); null when nothing was stored.",
  }),
};
