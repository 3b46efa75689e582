import type { Db } from "@/lib/db";
import type { MediaIntakeReceipt } from "@/lib/media/intake";
import { receiveObservations } from "@/lib/media/receive-observations";
import { type JanusEvent, observeJanusEvent } from "./janus-events";

/**
 * Janus events already authenticated as `node`'s and parsed, handed to the domain: what the event
 * route does after reading a POST (tests and the bench call it without HTTP). The events become
 * observations in the order Janus sent them and are stored (lib/media/intake.ts); the
 * apply-media-intake job applies them.
 */
export async function ingestJanusEvents(
  db: Db,
  events: readonly JanusEvent[],
  tokenSecret: string,
  node = "",
): Promise<{ received: number } & MediaIntakeReceipt> {
  const observations = events.flatMap((e) => observeJanusEvent(e, tokenSecret));
  return {
    received: events.length,
    ...(await receiveObservations(db, { provider: "janus", node, observations })),
  };
}
