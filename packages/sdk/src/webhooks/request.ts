import { WebhookVerificationError } from "../errors.js";
import {
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookEvent,
  type WebhookSecrets,
} from "./verify.js";

/**
 * Verifies a web `Request` (Next.js route handlers, Deno, Bun, Cloudflare and other edge
 * runtimes) and returns its event. Reads the body as bytes, so nothing re-encodes it.
 */
export async function verifyWebhookRequest(
  request: Request,
  secrets: WebhookSecrets,
  options?: VerifyWebhookOptions,
): Promise<WebhookEvent> {
  return verifyWebhook(new Uint8Array(await request.arrayBuffer()), request.headers, secrets, options);
}

/** What a webhook handler may answer: a Response, or nothing for `204 No Content`. */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler written `async (event) => { … }` returns Promise<void>.
export type WebhookHandlerResult = Response | undefined | void;

/**
 * A complete receiver for any runtime that speaks web `Request`/`Response`: verifies, then calls
 * `onEvent`; a delivery that fails verification gets `400` with `{ error, code }` and never
 * reaches `onEvent`. Throwing from `onEvent` answers `500`, so the service retries the delivery.
 *
 * @example
 * // app/webhooks/svc/route.ts (Next.js App Router)
 * export const POST = createWebhookHandler(process.env.SVC_WEBHOOK_SECRET!, async (event) => {
 *   if (event.type === "room.ended") await closeMeeting(event.data.object.id);
 * });
 */
export function createWebhookHandler(
  secrets: WebhookSecrets,
  onEvent: (event: WebhookEvent, request: Request) => Promise<WebhookHandlerResult> | WebhookHandlerResult,
  options?: VerifyWebhookOptions,
): (request: Request) => Promise<Response> {
  return async (request) => {
    let event: WebhookEvent;
    try {
      event = await verifyWebhookRequest(request, secrets, options);
    } catch (err) {
      if (err instanceof WebhookVerificationError) {
        return Response.json({ error: err.message, code: err.code }, { status: 400 });
      }
      // The body could not be read (the client went away): nothing was verified or handled.
      return Response.json({ error: "The delivery could not be read." }, { status: 500 });
    }
    try {
      const answer = await onEvent(event, request);
      return answer instanceof Response ? answer : new Response(null, { status: 204 });
    } catch (err) {
      // As promised above: the service sees 500 and retries; the runtime's log keeps the error.
      console.error("svc webhook handler failed:", err);
      return Response.json({ error: "The webhook handler failed." }, { status: 500 });
    }
  };
}
