import type { deliveries } from "@/db/schema";

export type DeliveryRow = typeof deliveries.$inferSelect;
export type DeliveryState = "pending" | "succeeded" | "gone" | "dead" | "cancelled" | "skipped";

/** What one attempt came to: the outcome a run's step returns (JSON, so Inngest can store it). */
export interface AttemptReport {
  deliveryId: string;
  /** The attempt just made, or the latest one made when this attempt had already happened. */
  attempt: number;
  state: DeliveryState | "skipped";
  statusCode: number | null;
  /** pending: how long until the next attempt is due. */
  retryInMs: number | null;
  /** No attempt was made: the endpoint's rate limit holds the delivery until `retryInMs` (0942). */
  throttled?: boolean;
}
