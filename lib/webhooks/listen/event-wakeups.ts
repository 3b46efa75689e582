import type { Db } from "@/lib/db";
import { notificationsOf } from "@/lib/db-notify";
import { log } from "@/lib/log/logger";

/**
 * Wakes listen sessions when their org gets an event. Migration 0020's trigger sends the org id
 * on channel `svc_events` for every outbox row; whichever instance holds the session hears it, so
 * sessions work across several instances. One subscription per process, held while any session
 * is open. A notification is only a hint: sessions also poll, so a lost one delays, never drops.
 */
const CHANNEL = "svc_events";
const waiters = new Map<string, Set<() => void>>();
let subscription: Promise<(() => Promise<void>) | undefined> | undefined;

function wakeAll(): void {
  for (const set of waiters.values()) for (const wake of set) wake();
}

export async function onOrgEvents(db: Db, orgId: string, wake: () => void): Promise<() => void> {
  const set = waiters.get(orgId) ?? new Set<() => void>();
  waiters.set(orgId, set);
  set.add(wake);
  subscription ??= notificationsOf(db)
    .listen(
      CHANNEL,
      (payload) => {
        for (const w of waiters.get(payload) ?? []) w();
      },
      // (Re)subscribed: whatever was sent while down is lost, so everyone looks now.
      wakeAll,
    )
    .catch((err: unknown) => {
      log.warn("listen: LISTEN svc_events failed; sessions poll", { err });
      subscription = undefined;
      return undefined;
    });
  await subscription;
  return () => {
    set.delete(wake);
    if (set.size === 0) waiters.delete(orgId);
    if (waiters.size === 0 && subscription) {
      const ending = subscription;
      subscription = undefined;
      void ending.then((unlisten) => unlisten?.()).catch(() => {});
    }
  };
}
