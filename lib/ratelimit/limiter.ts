import { sql } from "drizzle-orm";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { sha256Hex } from "@/lib/crypto/secret-box";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { announce } from "@/lib/ratelimit/announce";
import { LeaseBook } from "@/lib/ratelimit/lease";
import { clearRedisPrefix, redisLimiter } from "@/lib/ratelimit/redis-store";
import { pgPoolAdapter, RATE_LIMIT_TABLE, rateLimitStore } from "@/lib/ratelimit/store";

/** A named budget: `points` per `durationSec`, counted per key (fixed window from the first hit). */
export interface RateLimitPolicy {
  /** Also the name in the `RateLimit` and `RateLimit-Policy` headers, and the counters' key prefix. */
  name: string;
  points: number;
  durationSec: number;
  /**
   * Counted through local leases (lib/ratelimit/lease.ts): one shared write per lease instead of
   * one per request, for the hot paths (room tokens, session requests).
   */
  leased?: boolean;
  /**
   * A record kept with a limiter's counters, not a budget a client spends (the addresses an
   * account signed in from): never announced in `RateLimit` headers.
   */
  record?: boolean;
  /**
   * A budget many clients spend together (one room's share-link joins): never announced, and a
   * refusal carries only `Retry-After`, since what is left of it would tell any client what the
   * others did (docs/decisions/1030).
   */
  shared?: boolean;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** The policy is switched off (`SVC_RATE_LIMITS=<name>=off`): nothing is counted or announced. */
  off?: boolean;
  policy: RateLimitPolicy;
  remaining: number;
  /** Seconds until the window resets (and, when refused, until a retry can succeed). */
  resetSec: number;
}

/** Keys come from clients (addresses, forwarded IPs): long ones are hashed to bound the row size. */
function counterKey(key: string): string {
  return key.length <= 200 ? key : `sha256:${sha256Hex(key)}`;
}

function decision(policy: RateLimitPolicy, allowed: boolean, res: RateLimiterRes | null): RateLimitDecision {
  const consumed = res?.consumedPoints ?? 0;
  const msBeforeNext = res && res.msBeforeNext > 0 ? res.msBeforeNext : 0;
  return {
    allowed,
    policy,
    remaining: Math.max(0, policy.points - consumed),
    resetSec: res ? Math.max(allowed ? 0 : 1, Math.ceil(msBeforeNext / 1000)) : 0,
  };
}

/**
 * One policy, backed by rate-limiter-flexible: `RateLimiterMemory` on the embedded default,
 * `RateLimiterPostgres` (our `rate_limits` table) when counters must be shared by instances. A
 * failing database falls back to an in-memory limiter of the same policy (the library's insurance),
 * so a counter outage never turns into a 500.
 */
export class RateLimit {
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  private readonly leaseBooks = new Map<RateLimiterAbstract, LeaseBook>();
  constructor(private readonly defaults: RateLimitPolicy) {}

  /** The policy in force: the default, or the operator's `SVC_RATE_LIMITS` override. */
  get policy(): RateLimitPolicy {
    const o = env.SVC_RATE_LIMITS?.[this.defaults.name];
    return o && o !== "off" ? { ...this.defaults, ...o } : this.defaults;
  }

  get off(): boolean {
    return env.SVC_RATE_LIMITS?.[this.defaults.name] === "off";
  }

  private limiter(): RateLimiterAbstract {
    const store = rateLimitStore();
    const cacheKey = `${store}:${this.policy.points}/${this.policy.durationSec}`;
    let limiter = this.limiters.get(cacheKey);
    if (!limiter) {
      const opts = {
        keyPrefix: this.policy.name,
        points: this.policy.points,
        duration: this.policy.durationSec,
      };
      limiter =
        store === "memory"
          ? new RateLimiterMemory(opts)
          : store === "redis"
            ? redisLimiter(opts)
            : new RateLimiterPostgres({
                ...opts,
                storeClient: pgPoolAdapter,
                storeType: "pool",
                tableName: RATE_LIMIT_TABLE,
                tableCreated: true,
                insuranceLimiter: new RateLimiterMemory(opts),
              });
      this.limiters.set(cacheKey, limiter);
    }
    return limiter;
  }

  private leaseBook(): LeaseBook {
    const limiter = this.limiter();
    let book = this.leaseBooks.get(limiter);
    if (!book) {
      book = new LeaseBook(limiter, this.policy.points);
      this.leaseBooks.set(limiter, book);
    }
    return book;
  }

  /**
   * Spends `points` (default 1); refused once the window's budget is spent. The decision is
   * announced on the current request's answer (lib/ratelimit/announce.ts).
   */
  async consume(key: string, points = 1): Promise<RateLimitDecision> {
    const d = await this.spend(key, points);
    announce(d);
    return d;
  }

  private async spend(key: string, points: number): Promise<RateLimitDecision> {
    if (this.off)
      return { allowed: true, off: true, policy: this.policy, remaining: this.policy.points, resetSec: 0 };
    if (this.policy.leased && points === 1) {
      const s = await this.leaseBook().consume(counterKey(key));
      const resetSec = Math.ceil(s.msBeforeReset / 1000);
      return {
        allowed: s.allowed,
        policy: this.policy,
        remaining: s.remaining,
        resetSec: Math.max(s.allowed ? 0 : 1, resetSec),
      };
    }
    // A bulk spend in this process also ends its local lease of the key: its next point is counted
    // against the shared counter as it now stands.
    if (this.policy.leased) this.leaseBooks.get(this.limiter())?.forget(counterKey(key));
    try {
      return decision(this.policy, true, await this.limiter().consume(counterKey(key), points));
    } catch (err) {
      if (err instanceof RateLimiterRes) return decision(this.policy, false, err);
      throw err;
    }
  }

  /** The current state without spending anything (sign-in checks failures before the password). */
  async peek(key: string): Promise<RateLimitDecision> {
    if (this.off)
      return { allowed: true, off: true, policy: this.policy, remaining: this.policy.points, resetSec: 0 };
    const res = await this.limiter().get(counterKey(key));
    return decision(this.policy, !res || res.consumedPoints < this.policy.points, res);
  }

  /** Gives back `points` spent ahead of an outcome that turned out not to count (a correct password). */
  async reward(key: string, points = 1): Promise<void> {
    if (this.off) return;
    await this.limiter().reward(counterKey(key), points);
  }

  /** Forgets one key's counter (a successful sign-in clears the address's failures). */
  async clear(key: string): Promise<void> {
    this.leaseBooks.get(this.limiter())?.forget(counterKey(key));
    await this.limiter().delete(counterKey(key));
  }

  /** Forgets every counter of this policy (tests). */
  async clearAll(): Promise<void> {
    this.limiters.clear();
    this.leaseBooks.clear();
    if (rateLimitStore() === "postgres") {
      const db = await getDb();
      await db.execute(sql`delete from rate_limits where key like ${`${this.policy.name}:%`}`);
    }
    if (rateLimitStore() === "redis") await clearRedisPrefix(this.policy.name);
  }
}

/** Draft IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers): the policy and what is left. */
export function rateLimitHeaders(d: RateLimitDecision): Record<string, string> {
  if (d.off) return {};
  const retryAfter: Record<string, string> = d.allowed
    ? {}
    : { "Retry-After": String(Math.max(1, d.resetSec)) };
  if (d.policy.shared) return retryAfter;
  const { name, points, durationSec } = d.policy;
  return {
    "RateLimit-Policy": `"${name}";q=${points};w=${durationSec}`,
    RateLimit: `"${name}";r=${d.remaining};t=${d.resetSec}`,
    ...retryAfter,
  };
}

export function rateLimitedError(d: RateLimitDecision, detail: string): ApiError {
  return new ApiError("rate_limited", detail, { headers: rateLimitHeaders(d) });
}

/** Spends one point of `limit` for `key`; throws 429 `rate_limited` when the budget is spent. */
export async function enforceRateLimit(
  limit: RateLimit,
  key: string,
  detail: string,
): Promise<Record<string, string>> {
  const d = await limit.consume(key);
  if (!d.allowed) throw rateLimitedError(d, detail);
  return rateLimitHeaders(d);
}
