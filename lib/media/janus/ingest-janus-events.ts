import type { Db } from "@/lib/db";
import { applyObservations } from "@/lib/media/apply-observations";
import { type JanusEvent, observeJanusEvent } from "./janus-events";

/**
 * One POST of Janus's event handler: its events, in the order Janus sent them, become observations
 * applied in a few transactions (lib/media/apply-observations.ts, docs/decisions/1106): a leave
 * after its join, a commit per 20 observations instead of one or two per event. Two POSTs touching
 * one room are ordered by the room's own lock and rules (lib/media/connections.ts); a repeat of the
 * whole POST changes nothing more (every report is deduped by its event's ref).
 */
export async function ingestJanusEvents(
  db: Db,
  events: readonly JanusEvent[],
  tokenSecret: string,
): Promise<{ received: number; applied: number }> {
  const observations = events.flatMap((e) => observeJanusEvent(e, tokenSecret));
  return { received: events.length, applied: await applyObservations(db, observations) };
}
