import { type FieldError, SvcApiError } from "./errors.js";

/** How requests are sent and retried. Every field has a default. */
export interface TransportOptions {
  /** The service's base URL, e.g. `https://svc.example.com` (no `/v1`). */
  baseUrl: string;
  /** Retries after the first attempt for 429, 503 and network failures (default 3; 0 disables). */
  maxRetries?: number;
  /** First backoff when the server names no `Retry-After` (ms, default 500; doubles, with jitter). */
  initialBackoffMs?: number;
  /** Longest wait before one retry, `Retry-After` included (ms, default 30 000): longer is not retried. */
  maxRetryDelayMs?: number;
  /**
   * Most time spent waiting between attempts of one call, all retries together (ms, default
   * 10 000). A retry whose wait (`Retry-After` or backoff) would pass it is not made: the error is
   * thrown at once, with `retryAfter` set, so the caller decides.
   */
  retryBudgetMs?: number;
  /** Per-attempt timeout (ms, default 30 000). */
  timeoutMs?: number;
  /** The `fetch` to use (default: the global one). */
  fetch?: typeof fetch;
  /** How to wait between attempts (tests pass a recorder). */
  sleep?: (ms: number) => Promise<void>;
  /** Sent as `User-Agent` where the runtime allows it. */
  userAgent?: string;
}

export interface SendOptions {
  method: string;
  path: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  headers?: Record<string, string>;
  /** `Idempotency-Key` for a POST; `false` sends none. Default: a fresh UUID per call, kept across retries. */
  idempotencyKey?: string | false;
  signal?: AbortSignal;
}

export interface Sent {
  status: number;
  headers: Headers;
  body: unknown;
}

/** A streamed answer (server-sent events): its status, headers and the unread body. */
export interface Streamed {
  status: number;
  headers: Headers;
  body: ReadableStream<Uint8Array>;
}

const RETRIED_STATUSES = new Set([429, 503]);

/** `Retry-After` as seconds (delta-seconds or an HTTP date), or undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends one API request, retrying only what is safe and useful to retry: 429 and 503 answers
 * (waiting what `Retry-After` says, else an exponential backoff with jitter) and failures to reach
 * the server. Every other answer, any other 4xx included, is returned or thrown at once. A POST
 * carries one `Idempotency-Key` across its retries, so a retried POST cannot act twice.
 */
export class Transport {
  readonly baseUrl: string;
  private readonly options: Required<Omit<TransportOptions, "fetch" | "userAgent">> &
    Pick<TransportOptions, "fetch" | "userAgent">;

  constructor(options: TransportOptions) {
    if (!options.baseUrl) throw new TypeError("baseUrl is required");
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.options = {
      maxRetries: 3,
      initialBackoffMs: 500,
      maxRetryDelayMs: 30_000,
      retryBudgetMs: 10_000,
      timeoutMs: 30_000,
      sleep: defaultSleep,
      ...options,
    };
  }

  url(path: string, query?: SendOptions["query"]): URL {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    }
    return url;
  }

  /**
   * Sends one request and answers its JSON body (2xx) or throws `SvcApiError` (anything else,
   * with the problem's `code`, `errors[]` and `requestId`).
   */
  async send(req: SendOptions): Promise<Sent> {
    return this.answer(await this.exchange(req, "application/json"));
  }

  /**
   * Opens a streamed answer (server-sent events) through the same fetch, headers and retries as
   * every other call: a 2xx answers its unread body; anything else throws `SvcApiError` as `send`
   * does. The per-attempt timeout covers connecting only, not the stream's life.
   */
  async stream(req: SendOptions): Promise<Streamed> {
    const res = await this.exchange(req, "text/event-stream", false);
    if (res.status >= 200 && res.status < 300 && res.body)
      return { status: res.status, headers: res.headers, body: res.body };
    const text = await res.text();
    throw problemError(res, parseJson(text), text);
  }

  /** The one place requests leave the SDK: the configured fetch, retries, budget and timeout. */
  private async exchange(req: SendOptions, accept: string, timeoutWholeAnswer = true): Promise<Response> {
    const fetchImpl = this.options.fetch ?? globalThis.fetch;
    const headers = new Headers(req.headers);
    headers.set("accept", accept);
    if (this.options.userAgent) headers.set("user-agent", this.options.userAgent);
    let body: string | undefined;
    if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      headers.set("content-type", "application/json");
    }
    if (req.method === "POST" && req.idempotencyKey !== false && !headers.has("idempotency-key")) {
      headers.set("idempotency-key", req.idempotencyKey ?? crypto.randomUUID());
    }
    const url = this.url(req.path, req.query);
    let waited = 0;
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      const connect = new AbortController();
      const timer = setTimeout(
        () => connect.abort(new DOMException("The request timed out.", "TimeoutError")),
        this.options.timeoutMs,
      );
      try {
        const signal = req.signal ? AbortSignal.any([req.signal, connect.signal]) : connect.signal;
        res = await fetchImpl(url, { method: req.method, headers, body, signal, redirect: "manual" });
        // A stream lives past its timeout; a JSON answer's body must arrive within it.
        if (!timeoutWholeAnswer) clearTimeout(timer);
      } catch (err) {
        clearTimeout(timer);
        if (req.signal?.aborted) throw err;
        const delay = this.backoff(attempt);
        if (attempt >= this.options.maxRetries || !this.withinBudget(waited, delay)) {
          throw new SvcApiError({
            status: 0,
            code: "network_error",
            detail: `Could not reach ${url.origin}: ${err instanceof Error ? err.message : String(err)}`,
            cause: err,
          });
        }
        waited += delay;
        await this.options.sleep(delay);
        continue;
      }
      if (RETRIED_STATUSES.has(res.status) && attempt < this.options.maxRetries) {
        const retryAfter = parseRetryAfter(res.headers.get("retry-after"));
        const delay = retryAfter !== undefined ? retryAfter * 1000 : this.backoff(attempt);
        if (delay <= this.options.maxRetryDelayMs && this.withinBudget(waited, delay)) {
          clearTimeout(timer);
          await res.body?.cancel().catch(() => {});
          waited += delay;
          await this.options.sleep(delay);
          continue;
        }
      }
      if (timeoutWholeAnswer) {
        // Read the whole body under the same timer, then release it.
        const bytes = await res.arrayBuffer().finally(() => clearTimeout(timer));
        return new Response([204, 205, 304].includes(res.status) ? null : bytes, {
          status: res.status,
          statusText: res.statusText,
          headers: res.headers,
        });
      }
      return res;
    }
  }

  private withinBudget(waited: number, delay: number): boolean {
    return waited + delay <= this.options.retryBudgetMs;
  }

  /** Exponential backoff with full jitter in its upper half: 0.5–1× of initial·2^attempt, capped. */
  private backoff(attempt: number): number {
    const base = Math.min(this.options.maxRetryDelayMs, this.options.initialBackoffMs * 2 ** attempt);
    return base / 2 + Math.random() * (base / 2);
  }

  private async answer(res: Response): Promise<Sent> {
    const text = res.status === 204 ? "" : await res.text();
    const parsed = parseJson(text);
    if (res.status >= 200 && res.status < 300)
      return { status: res.status, headers: res.headers, body: parsed };
    throw problemError(res, parsed, text);
  }
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Every error answer becomes one `SvcApiError`: its `code`, `detail`, `errors[]`, `requestId`, `retryAfter`. */
function problemError(res: Response, parsed: unknown, text: string): SvcApiError {
  const p = (typeof parsed === "object" && parsed !== null ? parsed : {}) as Record<string, unknown>;
  const errors = Array.isArray(p.errors)
    ? p.errors.filter(
        (e): e is FieldError =>
          typeof e === "object" && e !== null && typeof (e as FieldError).path === "string",
      )
    : [];
  return new SvcApiError({
    status: res.status,
    code: typeof p.code === "string" ? p.code : `http_${res.status}`,
    detail:
      typeof p.detail === "string"
        ? p.detail
        : text.slice(0, 200) || res.statusText || `The server answered ${res.status}.`,
    errors,
    requestId: res.headers.get("x-request-id") ?? undefined,
    retryAfter: parseRetryAfter(res.headers.get("retry-after")),
  });
}
