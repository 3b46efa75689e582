import { and, eq, lte } from "drizzle-orm";
import { idempotencyKeys } from "@/db/schema";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secret-box";
import { getDb } from "@/lib/db";
import { ApiError, validationError } from "@/lib/http/errors";
import { readBodyBytes, utf8 } from "@/lib/http/request";
import { problem } from "@/lib/http/response";
import { requestHash } from "@/lib/idempotency/request-hash";
import { log } from "@/lib/log/logger";

/** Stripe's window: a key answers with its first response for 24 hours. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** A claim not finished within this was abandoned (the process died) and may be taken over. */
export const CLAIM_LEASE_MS = 60_000;
/** How long a duplicate waits for the first request to finish before answering 409. */
export const DUPLICATE_WAIT_MS = 5_000;
export const IDEMPOTENCY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "Idempotent-Replayed";

/** Headers never stored with a response: per-request, per-caller or credentials. */
const NOT_STORED = new Set(["set-cookie", "x-request-id", "ratelimit", "ratelimit-policy", "retry-after"]);

interface StoredResponse {
  headers: [string, string][];
  body: string;
}

/** The key from the header: 1 to 255 visible ASCII characters (a UUID v4 is the usual choice). */
export function idempotencyKeyOf(req: Request): string | null {
  const raw = req.headers.get(IDEMPOTENCY_HEADER);
  if (raw === null) return null;
  const key = raw.trim();
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw validationError(
      [{ path: "Idempotency-Key", message: "must be 1 to 255 visible ASCII characters, e.g. a UUID" }],
      "The Idempotency-Key header is not valid.",
    );
  }
  return key;
}

/**
 * Responses worth replaying are those of a request that ran: successes, and the domain's 409s
 * (slug taken, room ended). Anything refused before it ran (malformed, invalid, unauthorised,
 * throttled, a missing resource) or failed on our side changed nothing: the key stays free, so
 * the client may retry it, with the same or a corrected body (Stripe does the same).
 */
function isStored(status: number): boolean {
  return (status >= 200 && status < 300) || status === 409;
}

function replay(row: { status: number | null; responseCiphertext: string | null }): Response {
  const stored = JSON.parse(decryptSecret(row.responseCiphertext ?? "")) as StoredResponse;
  const headers = new Headers(stored.headers);
  headers.set(REPLAYED_HEADER, "true");
  const status = row.status ?? 200;
  return new Response(status === 204 || status === 304 ? null : stored.body, { status, headers });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let lastPurge = 0;

async function purgeExpired(now: Date): Promise<void> {
  if (now.getTime() - lastPurge < 10 * 60_000) return;
  lastPurge = now.getTime();
  await (await getDb()).delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, now));
}

type Claim = { kind: "run" } | { kind: "replay"; response: Response };

/**
 * Claims (scope, key) for this request, race-free: the insert under the primary key decides who
 * runs. A duplicate waits for the first to finish and replays its response; another request under
 * the same key is 422; an expired or abandoned claim is taken over by a conditional update.
 */
async function claim(scope: string, key: string, hash: string): Promise<Claim> {
  const db = await getDb();
  const deadline = Date.now() + DUPLICATE_WAIT_MS;
  let pause = 25;
  for (;;) {
    const now = new Date();
    const fresh = {
      requestHash: hash,
      state: "in_progress",
      lockedUntil: new Date(now.getTime() + CLAIM_LEASE_MS),
      status: null,
      responseCiphertext: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
    } satisfies Partial<typeof idempotencyKeys.$inferInsert>;
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ scope, key, ...fresh })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { kind: "run" };

    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
      .limit(1);
    if (!row) continue; // released by a failed first request between our two statements
    const expired = row.expiresAt <= now;
    const abandoned = row.state === "in_progress" && row.lockedUntil <= now;
    if (expired || (abandoned && row.requestHash === hash)) {
      const taken = await db
        .update(idempotencyKeys)
        .set(fresh)
        .where(
          and(
            eq(idempotencyKeys.scope, scope),
            eq(idempotencyKeys.key, key),
            eq(idempotencyKeys.lockedUntil, row.lockedUntil),
            eq(idempotencyKeys.expiresAt, row.expiresAt),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (taken.length > 0) return { kind: "run" };
      continue;
    }
    if (row.requestHash !== hash) {
      throw new ApiError(
        "idempotency_key_reused",
        "This Idempotency-Key was already used with another request (method, path or body). Use a new key for a new request.",
      );
    }
    if (row.state === "completed") return { kind: "replay", response: replay(row) };
    if (Date.now() >= deadline) {
      throw new ApiError(
        "conflict",
        "A request with this Idempotency-Key is still in progress. Retry shortly to receive its response.",
        { headers: { "Retry-After": "1" } },
      );
    }
    await sleep(pause);
    pause = Math.min(pause * 2, 250);
  }
}

async function release(scope: string, key: string): Promise<void> {
  const db = await getDb();
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, scope),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.state, "in_progress"),
      ),
    );
}

async function complete(scope: string, key: string, res: Response): Promise<void> {
  const stored: StoredResponse = {
    headers: [...res.headers].filter(([name]) => !NOT_STORED.has(name.toLowerCase())),
    body: await res.clone().text(),
  };
  await (await getDb())
    .update(idempotencyKeys)
    .set({
      state: "completed",
      status: res.status,
      responseCiphertext: encryptSecret(JSON.stringify(stored)),
    })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
}

/**
 * `Idempotency-Key` on a POST, with Stripe's semantics (docs/decisions/0600). `scope` names the
 * caller (keys of different callers never collide); `run` gets a request whose body can be read
 * again. Without the header, or on another method, the request simply runs.
 */
export async function withIdempotency(
  req: Request,
  scope: string,
  run: (req: Request) => Promise<Response>,
): Promise<Response> {
  if (req.method !== "POST") return run(req);
  const key = idempotencyKeyOf(req);
  if (key === null) return run(req);
  const body = await readBodyBytes(req);
  const replayable = new Request(req.url, {
    method: req.method,
    headers: req.headers,
    body: body.byteLength > 0 ? Uint8Array.from(body) : undefined,
    signal: req.signal,
  });
  const path = new URL(req.url).pathname;
  const hash = requestHash(req.method, path, utf8.decode(body));
  const now = new Date();
  await purgeExpired(now);
  const claimed = await claim(scope, key, hash);
  if (claimed.kind === "replay") return claimed.response;

  let res: Response;
  try {
    res = await run(replayable);
  } catch (err) {
    if (!(err instanceof ApiError)) {
      await release(scope, key);
      throw err;
    }
    res = problem(err);
  }
  try {
    if (isStored(res.status)) await complete(scope, key, res);
    else await release(scope, key);
  } catch (err) {
    // The request did run: answer it. Its claim lapses after the lease, and a retry then runs again.
    log.warn("could not record the idempotent response", { scope, err });
  }
  return res;
}
