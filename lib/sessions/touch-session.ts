import { eq } from "drizzle-orm";
import { sessions } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";

/** "Last seen" moves at most this often: one write per session per 5 minutes, not per request. */
export const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** Records that the session was used now, when its last record is older than TOUCH_EVERY_MS. */
export async function touchSession(
  db: DbOrTx,
  session: { sessionId: string; lastSeenAt: Date | null },
  now: Date = new Date(),
): Promise<void> {
  // A workspace API key has no session (its last use is kept on the key: authenticate-workspace-key.ts).
  if (session.sessionId === "") return;
  if (session.lastSeenAt && now.getTime() - session.lastSeenAt.getTime() < TOUCH_EVERY_MS) return;
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.sessionId));
}
