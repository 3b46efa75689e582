import { decodeJwt } from "jose";
import { type WebhookEvent, WebhookReceiver } from "livekit-server-sdk";
import { env } from "@/lib/env";
import { ApiError, validationError } from "@/lib/http/errors";

/**
 * LiveKit signs each webhook with a JWT in `Authorization` (no "Bearer"), HS256 with the API
 * secret, whose `sha256` claim is the base64 SHA-256 of the raw body and which is valid for five
 * minutes (livekit/protocol webhook/url_notifier.go). The official WebhookReceiver checks the
 * signature, the issuer (our API key), `exp` and the hash; this adds the window: a token signed
 * more than five minutes ago (its `nbf`, the signing time) is refused even if it claims a longer
 * life, so a captured request cannot be replayed later. Anything else is 401.
 */

/** How old a webhook's signature may be; LiveKit signs each for exactly this long. */
export const LIVEKIT_WEBHOOK_WINDOW_SEC = 300;
/** Clock skew allowed between LiveKit and the service (LiveKit's own verifier allows 10 s). */
const LEEWAY_SEC = 10;

const refuse = (why: string) =>
  new ApiError("unauthenticated", `Not a webhook signed by the configured LiveKit key: ${why}.`);

export interface LivekitWebhookAuth {
  apiKey: string;
  apiSecret: string;
  token: string;
}

/** Checked before the body is read: the endpoint is on, and something claims to be a signature. */
export function livekitWebhookAuth(authorization: string | null): LivekitWebhookAuth {
  const apiKey = env.SVC_MEDIA_PLANE === "livekit" ? env.LIVEKIT_API_KEY : undefined;
  const apiSecret = env.LIVEKIT_API_SECRET;
  if (!apiKey || !apiSecret) {
    throw new ApiError(
      "unauthenticated",
      "The LiveKit webhook endpoint is off: SVC_MEDIA_PLANE is not livekit.",
    );
  }
  const token = authorization?.trim().replace(/^Bearer\s+/i, "");
  if (!token) throw refuse("no Authorization header");
  return { apiKey, apiSecret, token };
}

export async function receiveLivekitWebhook(
  { apiKey, apiSecret, token }: LivekitWebhookAuth,
  body: string,
  now: Date = new Date(),
): Promise<WebhookEvent> {
  let event: WebhookEvent;
  try {
    event = await new WebhookReceiver(apiKey, apiSecret).receive(body, token, false, LEEWAY_SEC);
  } catch (err) {
    if (isAuthFailure(err)) throw refuse(err instanceof Error ? err.message : "invalid");
    // Signed and hashed right, yet not a WebhookEvent: a 4xx of its own, never a 500.
    throw validationError([{ path: "", message: "the body is not LiveKit's WebhookEvent JSON" }]);
  }
  // Verified above, so the claims are LiveKit's own.
  const { nbf } = decodeJwt(token);
  const age = Math.floor(now.getTime() / 1000) - (nbf ?? 0);
  if (nbf === undefined || age > LIVEKIT_WEBHOOK_WINDOW_SEC + LEEWAY_SEC) {
    throw refuse(`signed more than ${LIVEKIT_WEBHOOK_WINDOW_SEC} s ago`);
  }
  return event;
}

/** The receiver's own refusals: jose's JWT errors (`ERR_J…`) and its header and hash checks. */
function isAuthFailure(err: unknown): boolean {
  const code = typeof err === "object" && err !== null && "code" in err ? String(err.code) : "";
  const message = err instanceof Error ? err.message : "";
  return code.startsWith("ERR_J") || /authorization header|sha256 checksum/.test(message);
}
