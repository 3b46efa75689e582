import { log } from "@/lib/log/logger";
import { kickDeliveries } from "@/lib/webhooks/delivery/dispatch";

/**
 * Call after the transaction that recorded events has committed: wakes the embedded runner, or
 * hands the new deliveries to Inngest. Never throws: a missed kick only delays delivery until the
 * runner's poll (embedded) or the sweeper (Inngest) picks the rows up.
 */
export async function afterEventsCommitted(): Promise<void> {
  try {
    await kickDeliveries();
  } catch (err) {
    log.warn("webhook dispatch after commit failed; the sweeper will retry", { err });
  }
}
