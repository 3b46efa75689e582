/**
 * Sliding-window counter kept in memory: the embedded default's limiter. A limiter is a named
 * budget of `limit` hits per `windowMs`; `hit` answers whether this hit fits and, if not, when to retry.
 */
export interface RateLimitResult {
  ok: boolean;
  remaining: number;
  retryAfterSec: number;
}

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.hits.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (list.length === 0) this.hits.delete(key);
    else this.hits.set(key, list);
    return list;
  }

  check(key: string, now = Date.now()): RateLimitResult {
    const list = this.recent(key, now);
    if (list.length < this.limit) return { ok: true, remaining: this.limit - list.length, retryAfterSec: 0 };
    const oldest = list[0] ?? now;
    return {
      ok: false,
      remaining: 0,
      retryAfterSec: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)),
    };
  }

  hit(key: string, now = Date.now()): RateLimitResult {
    const result = this.check(key, now);
    if (!result.ok) return result;
    const list = this.hits.get(key) ?? [];
    list.push(now);
    this.hits.set(key, list);
    if (this.hits.size > 50_000) this.sweep(now);
    return { ...result, remaining: result.remaining - 1 };
  }

  reset(key?: string): void {
    if (key === undefined) this.hits.clear();
    else this.hits.delete(key);
  }

  private sweep(now: number): void {
    for (const key of this.hits.keys()) this.recent(key, now);
  }
}
