import { z } from "zod";
import { pageQuery } from "@/lib/pagination";
import { prefixedId, timestamp } from "@/lib/wire";

/** One request a test inbox received (docs/decisions/1073). */
export const inboxMessageSchema = z
  .object({
    id: prefixedId("msg_"),
    received_at: timestamp,
    headers: z.record(z.string(), z.string()).meta({ description: "The request's headers as sent." }),
    body: z.string().meta({ description: "The raw body, byte for byte what was signed." }),
    signature_verified: z.boolean().meta({
      description: "Whether X-SVC-Webhook-Sig verified with the endpoint's secret, as a receiver checks it.",
    }),
    verify_failure: z
      .enum([
        "missing_headers",
        "unknown_kid",
        "invalid_timestamp",
        "timestamp_out_of_tolerance",
        "signature_mismatch",
      ])
      .nullable(),
  })
  .meta({ id: "InboxMessage" });
export type InboxMessageDto = z.output<typeof inboxMessageSchema>;

export const listInboxQuery = pageQuery;

/** POST /v1/workspace/webhooks/inbox. */
export const createInboxBody = z.object({
  project_id: z
    .string({ error: "project_id must be a project id" })
    .min(1)
    .max(64)
    .nullish()
    .meta({ description: "The project whose events the inbox receives; absent: every project's." }),
});
