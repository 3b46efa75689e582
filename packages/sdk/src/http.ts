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

  async send(req: SendOptions): Promise<Sent> {
    const fetchImpl = this.options.fetch ?? globalThis.fetch;
    const headers = new Headers(req.headers);
    headers.set("accept", "application/json");
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
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        const timeout = AbortSignal.timeout(this.options.timeoutMs);
        const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
        res = await fetchImpl(url, { method: req.method, headers, body, signal, redirect: "manual" });
      } catch (err) {
        if (req.signal?.aborted) throw err;
        const delay = this.backoff(attempt);
        if (attempt >= this.options.maxRetries || delay === undefined) {
          throw new SvcApiError({
            status: 0,
            code: "network_error",
            detail: `Could not reach ${url.origin}: ${err instanceof Error ? err.message : String(err)}`,
            cause: err,
          });
        }
        await this.options.sleep(delay);
        continue;
      }
      if (RETRIED_STATUSES.has(res.status) && attempt < this.options.maxRetries) {
        const retryAfter = parseRetryAfter(res.headers.get("retry-after"));
        const delay = retryAfter !== undefined ? retryAfter * 1000 : this.backoff(attempt);
        if (delay !== undefined && delay <= this.options.maxRetryDelayMs) {
          await res.body?.cancel().catch(() => {});
          await this.options.sleep(delay);
          continue;
        }
      }
      return this.answer(res);
    }
  }

  /** Exponential backoff with full jitter in its upper half: 0.5–1× of initial·2^attempt, capped. */
  private backoff(attempt: number): number | undefined {
    const base = Math.min(this.options.maxRetryDelayMs, this.options.initialBackoffMs * 2 ** attempt);
    return base / 2 + Math.random() * (base / 2);
  }

  private async answer(res: Response): Promise<Sent> {
    const text = res.status === 204 ? "" : await res.text();
    let parsed: unknown;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    }
    if (res.status >= 200 && res.status < 300)
      return { status: res.status, headers: res.headers, body: parsed };
    throw problemError(res, parsed, text);
  }
}

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
