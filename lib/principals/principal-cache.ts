import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { type Notifications, notificationsOf } from "@/lib/db-notify";
import { rowsOf } from "@/lib/db-rows";
import { env } from "@/lib/env";
import { randomBase62 } from "@/lib/ids";
import { log } from "@/lib/log/logger";
import { type CachedKey, type CachedRoom, PrincipalEntries } from "@/lib/principals/principal-entries";

export type { CachedKey, CachedRoom };

/**
 * What room tokens read per request — the key by its secret's hash with its project and org plan,
 * and the room — kept in memory, so minting reads nothing from the database on the hot path
 * (issue 15; docs/decisions/0966).
 *
 * Correctness rests on three things:
 * 1. **Every change notifies.** Triggers (migration 0016) send `k:<key>`, `p:<project>`,
 *    `o:<org>` or `r:<room>` on the channel for every write that changes what the key query
 *    returns, from the database itself: no writer can forget. A read that raced with a
 *    notification is not stored (the generation counter).
 * 2. **A cache is trusted only while its notifications are provably current.** On PostgreSQL each
 *    instance in use sends itself a ping on the same channel every window/5 ms; notifications
 *    arrive in commit order, so once a ping sent at time s comes back, everything committed before
 *    s has been applied. Entries are served only while the newest returned ping was sent less than
 *    `windowMs` ago; otherwise every lookup reads the database (a listener that is down, lagging
 *    or frozen degrades to the uncached path, never to stale answers), and a re-established
 *    listener starts from an empty cache. The embedded database is one process whose notifications
 *    reach the listener before the committing statement resolves: listening is enough there.
 * 3. **Writers that must be seen at once settle.** `settlePrincipalWrites` (after rotating or
 *    revoking a key, deleting a project, ending a room, choosing a plan) returns once its own
 *    ping has come back — this instance has applied the change — and, when another instance has
 *    pinged within the window (its cache is in use), once `windowMs` has passed since the commit,
 *    by which time every other instance has either applied the change or stopped trusting its
 *    cache. So "the old secret fails on the next request" holds on every instance.
 */

export const PRINCIPAL_CHANNEL = "svc_principals";

/** Pinging stops this long after the last lookup: an idle instance sends nothing. */
const IDLE_MS = 10_000;
/** A listener with no ping back for this many windows is re-subscribed (e.g. after a pool reset). */
const RESUBSCRIBE_WINDOWS = 20;

const now = () => performance.now();

export class PrincipalCache<K extends CachedKey, R extends CachedRoom> {
  private readonly entries = new PrincipalEntries<K, R>();
  private listening: Promise<boolean> | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private listeningSince = Number.POSITIVE_INFINITY;
  private retryAfter = 0;
  /** Send time of the newest own ping that came back. */
  private confirmedSent = Number.NEGATIVE_INFINITY;
  private readonly pings = new Map<number, number>();
  private readonly pingWaiters = new Map<number, () => void>();
  private seq = 0;
  private othersSeenAt = Number.NEGATIVE_INFINITY;
  private lastUse = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | undefined;
  private readonly id = randomBase62(16);

  constructor(
    private readonly bus: Notifications,
    readonly windowMs: number,
    /** Whether the database notifies (its triggers exist): a database not migrated yet does not. */
    private readonly notifies: () => Promise<boolean> = async () => true,
  ) {}

  get generation(): number {
    return this.entries.generation;
  }

  /** The cached key and (when asked for) room, or undefined: read the database. */
  read(hash: string, room?: { by: string; value: string }): { key: K; room?: R } | undefined {
    const t = now();
    this.touch(t);
    if (!this.trusted(t)) return undefined;
    return this.entries.get(hash, room);
  }

  /** Stores what a read that began at generation `gen` found, unless something changed since. */
  store(gen: number, hash: string, key: K, room?: { by: string; value: string; row: R }): void {
    if (this.listeningSince === Number.POSITIVE_INFINITY) return;
    this.entries.put(gen, hash, key, room);
  }

  /** See the module comment, point 3. */
  async settle(): Promise<void> {
    const started = now();
    const listening = await this.listen();
    const applied = listening && (await this.pingRoundTrip(this.windowMs));
    if (this.bus.embedded && applied) return;
    // Another instance may hold the old rows unless none has pinged in the window before the
    // commit (and this listener was up for all of it to know).
    const othersMayCache =
      !applied ||
      this.listeningSince > started - this.windowMs ||
      this.othersSeenAt >= started - this.windowMs - 1000;
    if (!othersMayCache) return;
    const rest = started + this.windowMs - now();
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  }

  /** The listener is up and (PostgreSQL) its pings come back within the window. */
  private trusted(t: number): boolean {
    if (this.listeningSince > t) return false;
    return this.bus.embedded || t - this.confirmedSent <= this.windowMs;
  }

  private touch(t: number): void {
    this.lastUse = t;
    void this.listen();
    if (this.bus.embedded || this.timer) return;
    this.ping();
    this.timer = setInterval(() => this.tick(), Math.max(10, Math.floor(this.windowMs / 5)));
    this.timer.unref?.();
  }

  private tick(): void {
    const t = now();
    if (t - this.lastUse > IDLE_MS) {
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    const silentFor = this.windowMs * RESUBSCRIBE_WINDOWS;
    if (t - this.confirmedSent > silentFor && t - this.listeningSince > silentFor) void this.resubscribe();
    this.ping();
  }

  private ping(): number {
    const seq = ++this.seq;
    const t = now();
    this.pings.set(seq, t);
    for (const [s, sent] of this.pings) {
      if (t - sent <= this.windowMs * RESUBSCRIBE_WINDOWS) break;
      this.pings.delete(s);
    }
    this.bus.notify(PRINCIPAL_CHANNEL, `ping:${this.id}:${seq}`).catch(() => this.pings.delete(seq));
    return seq;
  }

  /** Resolves true once a ping sent now has come back (everything committed before is applied). */
  private pingRoundTrip(timeoutMs: number): Promise<boolean> {
    const seq = this.ping();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pingWaiters.delete(seq);
        resolve(false);
      }, timeoutMs);
      this.pingWaiters.set(seq, () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  private listen(): Promise<boolean> {
    if (this.listening) return this.listening;
    if (now() < this.retryAfter) return Promise.resolve(false);
    this.listening = this.notifies()
      .then((notifies) => {
        if (notifies)
          return this.bus.listen(
            PRINCIPAL_CHANNEL,
            (p) => this.onNotify(p),
            () => this.onListen(),
          );
        // Without the triggers nothing would ever invalidate: never cache (checked again later).
        throw new Error("the database has no principal-notification triggers (run the migrations)");
      })
      .then(
        (unlisten) => {
          this.unlisten = unlisten;
          return true;
        },
        (err: unknown) => {
          log.warn("principal cache: cannot listen; reading the database on every request", { err });
          this.listening = undefined;
          this.retryAfter = now() + 30_000;
          return false;
        },
      );
    return this.listening;
  }

  private async resubscribe(): Promise<void> {
    const stale = this.unlisten;
    this.entries.flush();
    this.listening = undefined;
    this.unlisten = undefined;
    this.listeningSince = Number.POSITIVE_INFINITY;
    await stale?.().catch(() => {});
    await this.listen();
  }

  /** (Re)subscribed: whatever was sent while the subscription was down is lost. */
  private onListen(): void {
    this.entries.flush();
    this.listeningSince = now();
    // Pings sent before the subscription existed never come back: trust starts with this one.
    if (!this.bus.embedded) this.ping();
  }

  private onNotify(payload: string): void {
    const [kind, id = "", seq] = payload.split(":");
    if (kind === "ping") {
      if (id !== this.id) {
        this.othersSeenAt = now();
        return;
      }
      const n = Number(seq);
      const sent = this.pings.get(n);
      if (sent !== undefined && sent > this.confirmedSent) this.confirmedSent = sent;
      this.pings.delete(n);
      this.pingWaiters.get(n)?.();
      this.pingWaiters.delete(n);
      return;
    }
    this.entries.invalidate(kind, id);
  }
}

/**
 * One cache per database client and process. On globalThis: a Next build bundles this module into
 * several route chunks, and they must share one cache and one listener (as lib/db-prepared.ts).
 */
const REGISTRY = Symbol.for("svc.principal-cache");
const shared = globalThis as { [REGISTRY]?: WeakMap<object, PrincipalCache<CachedKey, CachedRoom>> };
shared[REGISTRY] ??= new WeakMap();
const caches = shared[REGISTRY];

/** This process's principal cache for `db`, or undefined when it is turned off (window 0). */
export function principalCache<K extends CachedKey, R extends CachedRoom>(
  db: Db,
): PrincipalCache<K, R> | undefined {
  const windowMs = env.SVC_PRINCIPAL_CACHE_WINDOW_MS;
  if (windowMs <= 0) return undefined;
  const client = (db as unknown as { $client: object }).$client;
  let cache = caches.get(client);
  if (!cache) {
    cache = new PrincipalCache(notificationsOf(db), windowMs, () => hasNotifyTriggers(db));
    caches.set(client, cache);
  }
  // One cache per client holds one row shape: the key query's (authenticate.ts).
  return cache as unknown as PrincipalCache<K, R>;
}

/** The five triggers of migration 0016 are in place. */
async function hasNotifyTriggers(db: Db): Promise<boolean> {
  const result = await db.execute(
    sql`select count(*)::int as n from pg_trigger where tgname in ('api_keys_notify_principal',
      'api_keys_notify_principal_deleted', 'projects_notify_principal', 'orgs_notify_principal',
      'rooms_notify_principal')`,
  );
  return Number(rowsOf<{ n?: unknown }>(result)[0]?.n) === 5;
}

/**
 * After a committed write that must apply to the very next room token on every instance (a key
 * rotated or revoked, a project deleted, a room ended, a plan chosen): returns once it does.
 * Milliseconds on one instance; up to the window when other instances' caches are in use.
 */
export async function settlePrincipalWrites(db: Db): Promise<void> {
  await principalCache(db)?.settle();
}
