import type { Db } from "@/lib/db";
import { applyObservation } from "@/lib/media/connections";
import { type JanusEvent, observeJanusEvent } from "./janus-events";

/**
 * One POST of Janus's event handler, applied in the order Janus sent it (a leave after its join).
 * Each observation commits on its own: a failure part-way leaves the earlier ones applied, and a
 * repeat of the whole batch changes nothing more (every report is deduped by its event's ref).
 */
export async function ingestJanusEvents(
  db: Db,
  events: readonly JanusEvent[],
  tokenSecret: string,
): Promise<{ received: number; applied: number }> {
  let applied = 0;
  for (const e of events) {
    for (const o of observeJanusEvent(e, tokenSecret)) if (await applyObservation(db, o)) applied++;
  }
  return { received: events.length, applied };
}
