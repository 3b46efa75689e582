import type { DeliveryRow } from "@/lib/webhooks/delivery/delivery-row";

/**
 * A delivery's columns, declared once for the raw SQL that reads and writes whole rows (the
 * claim's select, the fan-out's insert): each field's column and SQL type. Reads and writes are
 * derived from this list, so a column cannot be left out of one of them (docs/decisions/0950).
 */
export const DELIVERY_COLUMNS = [
  ["id", "id", "text"],
  ["eventId", "event_id", "text"],
  ["endpointId", "endpoint_id", "text"],
  ["orgId", "org_id", "text"],
  ["webhookId", "webhook_id", "text"],
  ["body", "body", "text"],
  ["status", "status", "text"],
  ["attemptCount", "attempt_count", "int"],
  ["scheduleBase", "schedule_base", "int"],
  ["nextAttemptAt", "next_attempt_at", "timestamptz"],
  ["lockedUntil", "locked_until", "timestamptz"],
  ["lockedBy", "locked_by", "text"],
  ["lastStatusCode", "last_status_code", "int"],
  ["lastError", "last_error", "text"],
  ["dispatchedAt", "dispatched_at", "timestamptz"],
  ["createdAt", "created_at", "timestamptz"],
  ["completedAt", "completed_at", "timestamptz"],
] as const satisfies readonly (readonly [keyof DeliveryRow, string, "text" | "int" | "timestamptz"])[];

// Every DeliveryRow field is in the list (a compile error names the one that is not).
type Unlisted = Exclude<keyof DeliveryRow, (typeof DELIVERY_COLUMNS)[number][0]>;
const everyFieldListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyFieldListed;

/** `a, b, c`: the column names in list order. */
export const DELIVERY_COLUMN_NAMES = DELIVERY_COLUMNS.map(([, column]) => column).join(", ");

/** `a text, b int, …`: the record type `json_to_recordset` reads a whole row with. */
export const DELIVERY_RECORD_TYPE = DELIVERY_COLUMNS.map(([, column, type]) => `${column} ${type}`).join(
  ", ",
);

/** A row as `json_to_recordset` reads it: keyed by column name, in list order. */
export function deliveryRecord(row: DeliveryRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of DELIVERY_COLUMNS) out[column] = row[key];
  return out;
}
