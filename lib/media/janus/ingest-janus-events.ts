import type { Db } from "@/lib/db";
import { applyObservation } from "@/lib/media/connections";
import { type JanusEvent, observeJanusEvent } from "./janus-events";

/** Sessions of one POST applied at once: enough to overlap database round trips, not a burst. */
const SESSIONS_AT_ONCE = 8;

/**
 * One POST of Janus's event handler. A Janus session is one client's connection, so its events are
 * applied in the order Janus sent them (a leave after its join), while different sessions' events
 * are applied side by side: a grouped POST mixes up to 100 events of many rooms, and applying them
 * one after another made the POST as slow as the sum of their transactions. Events without a
 * session (core, transport) form their own group. Each observation commits on its own: a failure
 * part-way leaves the earlier ones applied, and a repeat of the whole batch changes nothing more
 * (every report is deduped by its event's ref). Two sessions touching one room are ordered by the
 * room's own lock and rules (lib/media/connections.ts).
 */
export async function ingestJanusEvents(
  db: Db,
  events: readonly JanusEvent[],
  tokenSecret: string,
): Promise<{ received: number; applied: number }> {
  const bySession = new Map<string, JanusEvent[]>();
  for (const e of events) {
    const key = e.session_id === undefined ? "" : String(e.session_id);
    const group = bySession.get(key);
    if (group) group.push(e);
    else bySession.set(key, [e]);
  }
  const groups = [...bySession.values()];
  let applied = 0;
  const applyGroup = async (group: readonly JanusEvent[]) => {
    for (const e of group) {
      for (const o of observeJanusEvent(e, tokenSecret)) if (await applyObservation(db, o)) applied++;
    }
  };
  let next = 0;
  const lane = async () => {
    while (next < groups.length) {
      const group = groups[next++];
      if (group) await applyGroup(group);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SESSIONS_AT_ONCE, groups.length) }, lane));
  return { received: events.length, applied };
}
