import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";

/**
 * A local token bucket filled from the shared counter in leases (docs/decisions/0861): a process
 * takes `size` points of a key's window from the shared store in one write, then spends them in
 * memory, and takes the next lease only when they are gone. The hot path writes once per `size`
 * requests instead of once per request, and the budget still holds across instances: leases are
 * counted in the shared store when taken, so all instances together never pass more than the
 * budget. The price is the other way round: a key may be refused while up to `size + refillAt`
 * leased points per other instance are still unspent (they expire with the window).
 *
 * The next lease is taken when half of the current one is spent, not when it is gone, so under a
 * steady stream no request waits for the shared write (decision 0861). Waiting for it had cost
 * every request in flight one database round trip once per lease: at 900 tokens/s, a tenth of
 * them waited 16 ms or more.
 */
export interface LeaseState {
  allowed: boolean;
  /** What is left of the window's budget as far as this process knows. */
  remaining: number;
  msBeforeReset: number;
}

interface Lease {
  left: number;
  until: number;
  /** The shared counter right after this lease was taken (every instance's leases included). */
  sharedConsumed: number;
}

/**
 * Leases for a budget of `points`: a fiftieth of it (12 of 600), between 1 and 1,000. The cap was
 * 100 until the leases were taken early: at 900 tokens a second a lease of 100 lasted 110 ms, and
 * half of it (55 ms) was not always enough for the next write's round trip on a loaded server.
 */
export function leaseSize(points: number): number {
  return Math.max(1, Math.min(1_000, Math.floor(points / 50)));
}

/** Points left in a lease when the next one is taken: half of it (6 of 12). */
export function refillAt(size: number): number {
  return Math.floor(size / 2);
}

/** Entries kept before expired ones are swept (one per key seen in the current windows). */
const SWEEP_AT = 10_000;

/**
 * How far apart two leases' ends may be and still belong to one window (at most half a window):
 * the store's window end is seen through each write's round trip and this process's clock, never
 * exactly twice the same, while a lease of the next window ends a whole window later.
 */
const WINDOW_SLACK_MS = 1_000;

/**
 * After an early lease fails, the next early attempt for that key waits this long: the requests
 * in the second half of a lease are still served from it, and each of them would otherwise send
 * the failing store one more write. Once the lease is spent, the next request takes a lease as
 * usual (and waits for it, or gets the store's error).
 */
export const EARLY_RETRY_MS = 1_000;

interface Waiter {
  resolve: (s: LeaseState) => void;
  reject: (err: unknown) => void;
}

export class LeaseBook {
  private readonly leases = new Map<string, Lease>();
  /** Requests of a key waiting for its next lease, served in arrival order. */
  private readonly waiting = new Map<string, Waiter[]>();
  /** Keys whose next lease is being taken (at most one shared write per key at a time). */
  private readonly taking = new Set<string>();
  /** When a key's last early lease failed (kept until its next lease is taken). */
  private readonly earlyFailedAt = new Map<string, number>();

  constructor(
    private readonly shared: RateLimiterAbstract,
    private readonly points: number,
    private readonly size = leaseSize(points),
  ) {}

  /** Spends one point of `key`'s budget: from the local lease, or once the next one is taken. */
  consume(key: string): Promise<LeaseState> {
    const now = Date.now();
    const settled = this.waiting.has(key) ? undefined : this.fromLease(key, now);
    if (settled) {
      this.refillEarly(key);
      return Promise.resolve(settled);
    }
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(key);
      if (queue) queue.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.taking.has(key)) this.take(key);
    });
  }

  /** Forgets a key's lease (its shared counter is cleared by the caller). */
  forget(key: string): void {
    this.leases.delete(key);
  }

  /** Takes the next lease once the current one is half spent, unless the window is spent. */
  private refillEarly(key: string): void {
    const lease = this.leases.get(key);
    if (!lease || this.taking.has(key)) return;
    if (lease.left > refillAt(this.size) || lease.sharedConsumed >= this.points) return;
    const failedAt = this.earlyFailedAt.get(key);
    if (failedAt !== undefined && Date.now() - failedAt < EARLY_RETRY_MS) return;
    this.take(key);
  }

  /** A point from the current lease, a refusal when the window is spent, or nothing: lease again. */
  private fromLease(key: string, now: number): LeaseState | undefined {
    const lease = this.leases.get(key);
    if (!lease || lease.until <= now) return undefined;
    const msBeforeReset = lease.until - now;
    if (lease.left > 0) {
      lease.left--;
      return {
        allowed: true,
        remaining: Math.max(0, this.points - lease.sharedConsumed + lease.left),
        msBeforeReset,
      };
    }
    return lease.sharedConsumed >= this.points ? { allowed: false, remaining: 0, msBeforeReset } : undefined;
  }

  /**
   * Takes a lease in one shared write and adds it to what is left of the current one (when both
   * belong to the same window), serves the waiting requests from it, and leases again if needed.
   */
  private take(key: string): void {
    this.taking.add(key);
    this.shared
      .consume(key, this.size)
      // Refused means the window is (partly) spent; the points were still counted there.
      .catch((err: unknown) => {
        if (err instanceof RateLimiterRes) return err;
        throw err;
      })
      .then(
        (res) => {
          this.taking.delete(key);
          this.earlyFailedAt.delete(key);
          const before = res.consumedPoints - this.size;
          const granted = Math.max(0, Math.min(this.size, this.points - before));
          if (this.leases.size >= SWEEP_AT) this.sweep();
          const now = Date.now();
          const until = now + Math.max(1, res.msBeforeNext);
          // The points left of a lease of the same window (both end together) are still good;
          // those of a window that has ended meanwhile (the new lease ends a window later) are
          // not counted in the new one, so they are dropped.
          const current = this.leases.get(key);
          const slack = Math.min(WINDOW_SLACK_MS, this.shared.msDuration / 2);
          const carried = current && until < current.until + slack;
          this.leases.set(key, {
            left: granted + (carried ? current.left : 0),
            until: carried ? Math.min(current.until, until) : until,
            // A partial lease leaves the shared counter over the budget: the window is spent.
            sharedConsumed:
              granted < this.size ? Math.max(this.points, res.consumedPoints) : res.consumedPoints,
          });
          const queue = this.waiting.get(key) ?? [];
          while (queue.length > 0) {
            const settled = this.fromLease(key, now);
            if (!settled) break;
            queue.shift()?.resolve(settled);
          }
          if (queue.length > 0) this.take(key);
          else {
            this.waiting.delete(key);
            this.refillEarly(key);
          }
        },
        (err: unknown) => {
          this.taking.delete(key);
          const queue = this.waiting.get(key) ?? [];
          this.waiting.delete(key);
          // Nobody waited: an early lease, retried no sooner than EARLY_RETRY_MS.
          if (queue.length === 0) this.earlyFailedAt.set(key, Date.now());
          for (const w of queue) w.reject(err);
        },
      );
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, lease] of this.leases) if (lease.until <= now) this.leases.delete(key);
    for (const [key, at] of this.earlyFailedAt)
      if (now - at >= EARLY_RETRY_MS) this.earlyFailedAt.delete(key);
  }
}
