import { z } from "zod";
import { ACTOR_TYPES, AUDIT_ACTIONS } from "@/lib/audit/audit-actions";
import { prefixedId, timestamp } from "@/lib/wire";

/** An audit entry as GET /v1/workspace/audit-log answers it; `AuditEntryDto` is inferred from it. */
export const auditEntrySchema = z
  .object({
    id: prefixedId("aud_"),
    action: z.enum(AUDIT_ACTIONS),
    actor: z.object({ type: z.enum(ACTOR_TYPES), id: z.string(), label: z.string().nullable() }),
    target: z.object({ type: z.string(), id: z.string() }).nullable(),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    request_id: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
    created_at: timestamp,
  })
  .meta({ id: "AuditEntry" });
export type AuditEntryDto = z.output<typeof auditEntrySchema>;
