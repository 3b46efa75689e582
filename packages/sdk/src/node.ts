import type { IncomingMessage, ServerResponse } from "node:http";
import { WebhookVerificationError } from "./errors.js";
import {
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookEvent,
  type WebhookSecrets,
} from "./webhooks/verify.js";

export * from "./index.js";

/** A Node request, as `http`, Express or Fastify hand it over (`body` set by a raw-body parser, when one ran). */
export type NodeWebhookRequest = IncomingMessage & { body?: unknown; webhookEvent?: WebhookEvent };

async function rawBodyOf(req: NodeWebhookRequest): Promise<Uint8Array> {
  // express.raw() leaves a Buffer, express.text() a string; express.json() leaves an object, which
  // can no longer be verified: the bytes that were signed are gone.
  if (req.body instanceof Uint8Array) return req.body;
  if (typeof req.body === "string") return new TextEncoder().encode(req.body);
  if (req.body !== undefined && req.readableEnded) {
    throw new TypeError(
      "The body was already parsed (express.json()?): mount express.raw({ type: 'application/json' }) on the webhook route.",
    );
  }
  const chunks: Uint8Array[] = [];
  for await (const chunk of req)
    chunks.push(typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk);
  return Buffer.concat(chunks);
}

/** Verifies a Node `http` (or Express) request and returns its event; reads the body when nothing has. */
export async function verifyNodeRequest(
  req: NodeWebhookRequest,
  secrets: WebhookSecrets,
  options?: VerifyWebhookOptions,
): Promise<WebhookEvent> {
  return verifyWebhook(await rawBodyOf(req), req.headers, secrets, options);
}

/**
 * A receiver for Node's `http.createServer` or as an Express route handler: verifies, calls
 * `onEvent`, answers `204`; a delivery that fails verification gets `400` with `{ error, code }`.
 * An error thrown by `onEvent` answers `500`, so the service retries.
 *
 * @example
 * app.post("/webhooks/svc", express.raw({ type: "application/json" }),
 *   nodeWebhookHandler(process.env.SVC_WEBHOOK_SECRET!, async (event) => { … }));
 */
export function nodeWebhookHandler(
  secrets: WebhookSecrets,
  onEvent: (event: WebhookEvent, req: NodeWebhookRequest) => Promise<void> | void,
  options?: VerifyWebhookOptions,
): (req: NodeWebhookRequest, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    let event: WebhookEvent;
    try {
      event = await verifyNodeRequest(req, secrets, options);
    } catch (err) {
      const code = err instanceof WebhookVerificationError ? err.code : "invalid_request";
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: err instanceof Error ? err.message : String(err), code }));
      return;
    }
    try {
      await onEvent(event, req);
      res.writeHead(204);
      res.end();
    } catch (err) {
      // The service sees 500 and retries; the error stays in this process's log, not in the answer.
      console.error("svc webhook handler failed:", err);
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "The webhook handler failed." }));
    }
  };
}

/**
 * Express middleware: verifies, sets `req.webhookEvent`, calls `next()`; answers `400` itself when
 * verification fails.
 */
export function webhookMiddleware(
  secrets: WebhookSecrets,
  options?: VerifyWebhookOptions,
): (req: NodeWebhookRequest, res: ServerResponse, next: (err?: unknown) => void) => Promise<void> {
  return async (req, res, next) => {
    try {
      req.webhookEvent = await verifyNodeRequest(req, secrets, options);
    } catch (err) {
      if (err instanceof WebhookVerificationError) {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: err.message, code: err.code }));
        return;
      }
      next(err);
      return;
    }
    next();
  };
}
