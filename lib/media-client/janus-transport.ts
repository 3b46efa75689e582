/**
 * The browser side of Janus's client API (https://janus.conf.meetecho.com/docs/rest.html), over
 * its WebSocket transport (`ws:`/`wss:` URLs, subprotocol `janus-protocol`) or its HTTP transport
 * with long polling (`http:`/`https:`). Browser-only: loaded by the share-link page when a person
 * joins (docs/decisions/1031-a-small-janus-client.md), never by the console.
 */

export interface JanusMessage {
  janus: string;
  transaction?: string;
  session_id?: number;
  sender?: number;
  data?: { id?: number };
  error?: { code: number; reason: string };
  plugindata?: { plugin: string; data: Record<string, unknown> };
  jsep?: RTCSessionDescriptionInit;
  candidate?: RTCIceCandidateInit & { completed?: boolean };
  reason?: string;
}

export class JanusError extends Error {
  constructor(
    readonly code: number,
    reason: string,
  ) {
    super(`Janus error ${code}: ${reason}`);
  }
}

/** What a request waits for: its first answer (`ack` included), or the answer after an `ack`. */
type Wait = "ack" | "reply";

export interface Transport {
  /** Sends a request; resolves with the reply it waits for, rejects on a Janus error. */
  request(body: Record<string, unknown>, wait: Wait): Promise<JanusMessage>;
  /** Every message that answers no request (plugin events, trickle, hangup, webrtcup…). */
  onEvent: (m: JanusMessage) => void;
  /** The connection to Janus is gone (not after close()). */
  onLost: () => void;
  /** Starts receiving events of this session (HTTP: the long poll). */
  attachSession(sessionId: number): void;
  close(): void;
}

interface Pending {
  wait: Wait;
  resolve: (m: JanusMessage) => void;
  reject: (e: Error) => void;
}

const REQUEST_TIMEOUT_MS = 15_000;

function newTransaction(): string {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Shared bookkeeping: matching answers to requests by transaction. */
abstract class BaseTransport implements Transport {
  onEvent: (m: JanusMessage) => void = () => {};
  onLost: () => void = () => {};
  protected readonly pending = new Map<string, Pending>();
  protected closed = false;

  abstract attachSession(sessionId: number): void;
  protected abstract send(body: Record<string, unknown>): Promise<JanusMessage | null>;
  abstract close(): void;

  request(body: Record<string, unknown>, wait: Wait): Promise<JanusMessage> {
    const transaction = newTransaction();
    return new Promise<JanusMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(transaction);
        reject(new Error(`Janus did not answer ${String(body.janus)} in time`));
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(transaction, {
        wait,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      this.send({ ...body, transaction }).then(
        (direct) => {
          if (direct) this.dispatch(direct);
        },
        (err: unknown) => this.settle(transaction, err instanceof Error ? err : new Error(String(err))),
      );
    });
  }

  private settle(transaction: string, outcome: JanusMessage | Error): void {
    const p = this.pending.get(transaction);
    if (!p) return;
    this.pending.delete(transaction);
    if (outcome instanceof Error) p.reject(outcome);
    else p.resolve(outcome);
  }

  /** Routes one message from Janus: an answer to a request, or an event. */
  protected dispatch(m: JanusMessage): void {
    const p = m.transaction ? this.pending.get(m.transaction) : undefined;
    if (p && m.transaction) {
      if (m.janus === "error") {
        this.settle(m.transaction, new JanusError(m.error?.code ?? 0, m.error?.reason ?? "unknown"));
        return;
      }
      if (m.janus === "ack" && p.wait === "reply") return;
      // A plugin's asynchronous answer is an event carrying the request's transaction.
      const pluginError = m.plugindata?.data.error_code;
      if (typeof pluginError === "number") {
        this.settle(m.transaction, new JanusError(pluginError, String(m.plugindata?.data.error ?? "")));
        return;
      }
      this.settle(m.transaction, m);
      return;
    }
    this.onEvent(m);
  }

  protected failAll(err: Error): void {
    for (const [t] of this.pending) this.settle(t, err);
  }
}

class WebSocketTransport extends BaseTransport {
  private readonly ready: Promise<WebSocket>;

  constructor(url: string) {
    super();
    this.ready = new Promise((resolve, reject) => {
      const ws = new WebSocket(url, "janus-protocol");
      ws.onopen = () => resolve(ws);
      ws.onerror = () => reject(new Error("Could not connect to the media server"));
      ws.onmessage = (e: MessageEvent<string>) => {
        try {
          this.dispatch(JSON.parse(e.data) as JanusMessage);
        } catch {
          // Not JSON: nothing Janus sends; ignored.
        }
      };
      ws.onclose = () => {
        this.failAll(new Error("The connection to the media server closed"));
        if (!this.closed) this.onLost();
      };
    });
  }

  attachSession(): void {}

  protected async send(body: Record<string, unknown>): Promise<null> {
    (await this.ready).send(JSON.stringify(body));
    return null;
  }

  close(): void {
    this.closed = true;
    void this.ready.then(
      (ws) => ws.close(),
      () => {},
    );
  }
}

class HttpTransport extends BaseTransport {
  private sessionId: number | undefined;
  private token: string | undefined;
  private readonly abort = new AbortController();

  constructor(private readonly url: string) {
    super();
  }

  protected async send(body: Record<string, unknown>): Promise<JanusMessage> {
    if (typeof body.token === "string") this.token = body.token;
    const path = [
      this.url.replace(/\/$/, ""),
      body.session_id !== undefined ? `/${String(body.session_id)}` : "",
      body.handle_id !== undefined ? `/${String(body.handle_id)}` : "",
    ].join("");
    const { session_id: _s, handle_id: _h, ...rest } = body;
    const res = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(rest),
      signal: this.abort.signal,
    });
    return (await res.json()) as JanusMessage;
  }

  attachSession(sessionId: number): void {
    this.sessionId = sessionId;
    void this.poll();
  }

  private async poll(): Promise<void> {
    while (!this.closed && this.sessionId !== undefined) {
      const query = new URLSearchParams({ maxev: "10", rid: String(Date.now()) });
      if (this.token) query.set("token", this.token);
      try {
        const res = await fetch(`${this.url.replace(/\/$/, "")}/${this.sessionId}?${query}`, {
          signal: this.abort.signal,
        });
        const got = (await res.json()) as JanusMessage | JanusMessage[];
        for (const m of Array.isArray(got) ? got : [got]) if (m.janus !== "keepalive") this.dispatch(m);
        if (!Array.isArray(got) && got.janus === "error") throw new Error(got.error?.reason);
      } catch {
        if (!this.closed) {
          this.failAll(new Error("The connection to the media server was lost"));
          this.onLost();
        }
        return;
      }
    }
  }

  close(): void {
    this.closed = true;
    this.abort.abort();
  }
}

export function connectTransport(url: string): Transport {
  const scheme = new URL(url).protocol;
  if (scheme === "ws:" || scheme === "wss:") return new WebSocketTransport(url);
  if (scheme === "http:" || scheme === "https:") return new HttpTransport(url);
  throw new Error(`Unsupported media server address ${scheme}`);
}
