import { eq } from "drizzle-orm";
import type { WebhookEvent } from "livekit-server-sdk";
import { rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { log } from "@/lib/log/logger";
import { closeMediaRoom } from "@/lib/media/close-room";
import { applyObservation } from "@/lib/media/connections";
import { ingestMediaReport } from "@/lib/media/ingest-media-report";
import { observeLivekitEvent } from "./livekit-events";

/**
 * One verified LiveKit webhook, applied through the same domain code as every media plane's
 * events (lib/media/connections.ts, lib/media/ingest-media-report.ts): room state, dedupe, the
 * outbox of our own signed and retried webhooks. Observations apply in order (a join before its
 * connection's leave); each commits on its own, and a repeat of the event changes nothing more
 * (every ref and report id carries the event id). `applied` counts what changed something.
 */
export async function ingestLivekitEvent(
  db: Db,
  event: WebhookEvent,
): Promise<{ event: string; applied: number }> {
  const { observations, reports } = observeLivekitEvent(event);
  let applied = 0;
  for (const o of observations) if (await applyObservation(db, o)) applied++;
  for (const report of reports) {
    try {
      const { duplicate } = await ingestMediaReport(db, report);
      if (!duplicate) applied++;
    } catch (err) {
      // A room we do not have (deleted since) or a recording of another room: nothing to apply,
      // and LiveKit must not retry it.
      if (!(err instanceof ApiError && (err.code === "not_found" || err.code === "conflict"))) throw err;
      log.warn("a LiveKit egress event matched nothing", { room_id: report.room_id, code: err.code });
    }
  }
  if (event.event === "participant_joined" && event.room?.name) await refuseEndedRoom(db, event.room.name);
  return { event: event.event, applied };
}

/**
 * LiveKit creates a room when a credential joins it (auto_create), so a credential minted before
 * the room ended can open it again on LiveKit until it expires. The service deletes such a room as
 * soon as LiveKit reports the join (docs/decisions/1091); reconcile would too, a pass later.
 */
async function refuseEndedRoom(db: Db, roomId: string): Promise<void> {
  const [room] = await db.select({ state: rooms.state }).from(rooms).where(eq(rooms.id, roomId));
  if (room?.state === "ended") await closeMediaRoom(db, roomId);
}
