import type { ListenMessage, SvcClient } from "../client.js";
import { SvcApiError } from "../errors.js";
import type { Io } from "./main.js";

type Delivery = Extract<ListenMessage, { kind: "delivery" }>;

export interface ForwardOptions {
  /** The `whsec_` secret deliveries are signed with: one per device, kept in the CLI's config. */
  secret: string;
  /** Forwards in flight at once (default 8); deliveries of one room always go one after another. */
  parallel?: number;
  /** First reconnect delay (ms, default 1000; doubles up to 30 s, with jitter). */
  reconnectMs?: number;
}

/** Answers that will not change by trying again: the command fails with the API's error. */
const FATAL = new Set([400, 401, 402, 403, 404, 422]);
/** Most deliveries read ahead of the receiver: beyond it the stream is not read (backpressure). */
const MAX_PENDING = 256;

/**
 * `svc listen` (docs/decisions/1062, 1293): holds the service's event stream open and POSTs each
 * delivery, byte for byte with its signed headers, to the local URL, one summary line per forward.
 * - Signed with one secret per device, so the receiver's secret survives restarts.
 * - A lost stream (a service restart, a network drop) is reopened with backoff, resuming right after
 *   the last event forwarded; the service's own errors (401, 403, 422 …) end the command.
 * - Up to `parallel` forwards at once, in order per room: a slow receiver delays only its room.
 * A failed forward is reported, not retried. Ends on Ctrl-C (exit 0) or when the session ends (1).
 */
export async function forward(
  svc: SvcClient,
  target: URL,
  events: string[] | undefined,
  io: Io,
  options: ForwardOptions,
): Promise<number> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  io.signal?.addEventListener("abort", stop);
  if (!io.signal) process.once("SIGINT", stop);
  const forwarder = new Forwarder(target, io, controller.signal, options.parallel ?? 8);
  const firstDelay = options.reconnectMs ?? 1000;
  let failures = 0;
  let announced = false;
  try {
    while (!controller.signal.aborted) {
      let lost = "the event stream closed";
      try {
        for await (const message of svc.webhooks.listen({
          events,
          secret: options.secret,
          after: forwarder.cursor,
          signal: controller.signal,
        })) {
          if (message.kind === "ready") {
            failures = 0;
            if (!announced) {
              io.out(
                `Ready! Forwarding ${message.events?.join(", ") ?? "every event"} to ${target.href} (session ${message.listen_id}).`,
              );
              io.out(`Your webhook signing secret is ${message.secret} (Ctrl-C to stop)`);
              announced = true;
            } else {
              io.out(
                message.resumed
                  ? `Reconnected (session ${message.listen_id}); resuming after the last event forwarded.`
                  : `Reconnected (session ${message.listen_id}); events while away were not kept, forwarding from now.`,
              );
            }
            continue;
          }
          if (message.kind === "end") {
            if (message.reason === "server_shutdown") {
              lost = "the service is restarting";
              break;
            }
            await forwarder.idle();
            io.err(`svc: the service ended the stream: ${message.reason}. Sign in again (svc login).`);
            return 1;
          }
          await forwarder.push(message);
        }
      } catch (err) {
        if (controller.signal.aborted) break;
        if (err instanceof SvcApiError && FATAL.has(err.status)) throw err;
        lost = err instanceof Error ? err.message : String(err);
      }
      if (controller.signal.aborted) break;
      // Forwards in flight finish first, so the resume point is exact.
      await forwarder.idle();
      const ceiling = Math.min(30_000, firstDelay * 2 ** failures++);
      const delay = Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
      io.err(`svc: ${lost}; reconnecting in ${(delay / 1000).toFixed(1)} s…`);
      await abortableSleep(delay, controller.signal);
    }
    await forwarder.idle();
    return 0;
  } finally {
    process.off("SIGINT", stop);
    io.signal?.removeEventListener("abort", stop);
    if (forwarder.total > 0)
      io.out(`Forwarded ${forwarder.total} events (${forwarder.failed} not answered 2xx).`);
  }
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

/** Which deliveries must keep their order: those about one room (or one recording's room). */
export function orderingKey(message: Pick<Delivery, "id" | "body">): string {
  try {
    const body = JSON.parse(message.body) as { type?: string; data?: { object?: Record<string, unknown> } };
    const object = body.data?.object ?? {};
    const room = object.room_id ?? (body.type?.startsWith("room.") ? object.id : undefined);
    if (typeof room === "string") return `room:${room}`;
  } catch {
    // Not JSON: no ordering beyond its own.
  }
  return `event:${message.id}`;
}

/**
 * Forwards deliveries with at most `parallel` in flight, each room's one after another, and knows
 * the cursor before which every delivery has been forwarded (the resume point).
 */
class Forwarder {
  total = 0;
  failed = 0;
  cursor: string | undefined;
  private active = 0;
  private readonly slots: (() => void)[] = [];
  private readonly tails = new Map<string, Promise<void>>();
  /** Deliveries in arrival order, until every one before them has been forwarded. */
  private readonly order: { cursor: string | undefined; done: boolean }[] = [];
  private readonly settled = new Set<() => void>();

  constructor(
    private readonly target: URL,
    private readonly io: Io,
    private readonly signal: AbortSignal,
    private readonly parallel: number,
  ) {}

  async push(message: Delivery): Promise<void> {
    while (this.order.length >= MAX_PENDING) await this.next();
    const entry = { cursor: message.cursor, done: false };
    this.order.push(entry);
    const key = orderingKey(message);
    const tail = (this.tails.get(key) ?? Promise.resolve()).then(async () => {
      await this.acquire();
      try {
        await this.post(message, key);
      } finally {
        this.release();
        entry.done = true;
        while (this.order[0]?.done) this.cursor = this.order.shift()?.cursor ?? this.cursor;
        for (const wake of this.settled) wake();
      }
    });
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
  }

  /** Resolves when every delivery pushed so far has been forwarded. */
  async idle(): Promise<void> {
    while (this.order.length > 0) await this.next();
  }

  private next(): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        this.settled.delete(wake);
        resolve();
      };
      this.settled.add(wake);
    });
  }

  private async acquire(): Promise<void> {
    if (this.active < this.parallel) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.slots.push(resolve));
  }

  private release(): void {
    const next = this.slots.shift();
    if (next) next();
    else this.active--;
  }

  private async post(message: Delivery, key: string): Promise<void> {
    const started = Date.now();
    let outcome: string;
    this.total++;
    try {
      const res = await fetch(this.target, {
        method: "POST",
        headers: message.headers,
        body: message.body,
        redirect: "manual",
        signal: AbortSignal.any([this.signal, AbortSignal.timeout(10_000)]),
      });
      await res.body?.cancel().catch(() => {});
      if (res.status < 200 || res.status > 299) this.failed++;
      outcome = `${res.status}${res.statusText ? ` ${res.statusText}` : ""}`;
    } catch (err) {
      this.failed++;
      outcome = `failed: ${err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err)}`;
    }
    const about = key.startsWith("room:") ? ` ${key.slice(5)}` : "";
    this.io.out(
      `${new Date().toISOString()}  --> ${message.type}${about} [${message.id}]  <-- ${outcome} (${Date.now() - started} ms)`,
    );
  }
}
