import http from "node:http";
import type { AddressInfo } from "node:net";

/** One POST /emails the fake Resend server received. */
export interface ReceivedEmail {
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: { from?: string; to?: string | string[]; subject?: string; html?: string; text?: string };
}

export interface FakeResend {
  /** Base URL to put in RESEND_BASE_URL. */
  url: string;
  /** Every accepted request, in arrival order (refused ones are not here). */
  received: ReceivedEmail[];
  /** Requests answered with an error (by failNext). */
  refused: number;
  /** Answer the next `times` requests with `status` and a Resend-shaped error body. */
  failNext: (times: number, status: number, name?: string) => void;
  close: () => Promise<void>;
}

/**
 * A local stand-in for the Resend API (POST /emails), which the real `resend` SDK talks to through
 * RESEND_BASE_URL. Like Resend, a repeated Idempotency-Key returns the first answer and is not a
 * second email.
 */
export async function startFakeResend(): Promise<FakeResend> {
  const failures: { status: number; name: string }[] = [];
  const byKey = new Map<string, string>();
  const state: FakeResend = {
    url: "",
    received: [],
    refused: 0,
    failNext: (times, status, name = status >= 500 ? "internal_server_error" : "validation_error") => {
      for (let i = 0; i < times; i++) failures.push({ status, name });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      raw += chunk;
    });
    req.on("end", () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.method !== "POST" || req.url !== "/emails") {
        reply(404, { statusCode: 404, name: "not_found", message: "Not found" });
        return;
      }
      const failure = failures.shift();
      if (failure) {
        state.refused++;
        reply(failure.status, { statusCode: failure.status, name: failure.name, message: "fake failure" });
        return;
      }
      const key = req.headers["idempotency-key"];
      const idempotencyKey = Array.isArray(key) ? key[0] : key;
      const seen = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
      if (seen) {
        reply(200, { id: seen });
        return;
      }
      const id = `fake_${state.received.length + 1}`;
      if (idempotencyKey) byKey.set(idempotencyKey, id);
      state.received.push({
        authorization: req.headers.authorization,
        idempotencyKey,
        body: JSON.parse(raw) as ReceivedEmail["body"],
      });
      reply(200, { id });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
