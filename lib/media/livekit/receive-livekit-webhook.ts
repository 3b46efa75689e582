import { createHash } from "node:crypto";
import { decodeJwt, decodeProtectedHeader } from "jose";
import type { WebhookEvent } from "livekit-server-sdk";
import { ApiError, validationError } from "@/lib/http/errors";
import type { EventSender, MediaSettings } from "@/lib/media/driver-registration";

/**
 * LiveKit signs each webhook with a JWT in `Authorization` (no "Bearer"), HS256 with the API
 * secret, whose `sha256` claim is the base64 SHA-256 of the raw body and which is valid for
 * 300 s (livekit/protocol webhook/url_notifier.go). The signature is checked with LiveKit's own
 * TokenVerifier (issuer: our API key, `exp`), then the hash, then the window: a token signed more
 * than 300 s ago (its `nbf`, the signing time) is refused even if it claims a longer life,
 * so a captured request cannot be replayed later. Every failure of these (no header, an unsigned
 * or `alg: none` token, a wrong key, a wrong hash, too old) is 401, like every other
 * authentication failure; only a body that passed them and still is not a WebhookEvent is 422.
 */

/** How old a webhook's signature may be; LiveKit signs each for exactly this long. */
export const LIVEKIT_WEBHOOK_WINDOW_SEC = 300;
/** Clock skew allowed between LiveKit and the service (LiveKit's own verifier allows 10 s). */
const LEEWAY_SEC = 10;

const refuse = (why: string) =>
  new ApiError("unauthenticated", `Not a webhook signed by the configured LiveKit key: ${why}.`);

export interface LivekitWebhookAuth extends EventSender {
  apiKey: string;
  apiSecret: string;
  token: string;
}

/** Checked before the body is read: the endpoint is on, and something claims to be a signature. */
export function livekitWebhookAuth(req: Request, settings: MediaSettings): LivekitWebhookAuth {
  const apiKey = settings.SVC_MEDIA_PLANE === "livekit" ? settings.LIVEKIT_API_KEY : undefined;
  const apiSecret = settings.LIVEKIT_API_SECRET;
  const node = settings.LIVEKIT_URL;
  if (!apiKey || !apiSecret || !node) {
    throw new ApiError(
      "unauthenticated",
      "The LiveKit webhook endpoint is off: SVC_MEDIA_PLANE is not livekit.",
    );
  }
  const token = req.headers
    .get("authorization")
    ?.trim()
    .replace(/^Bearer\s+/i, "");
  if (!token) throw refuse("no Authorization header");
  // LiveKit signs with HS256 only; anything else (`none` included) is refused before any parse.
  let alg: unknown;
  try {
    alg = decodeProtectedHeader(token).alg;
  } catch {
    throw refuse("the Authorization header is not a JWT");
  }
  if (alg !== "HS256") throw refuse(`alg ${String(alg)} is not HS256`);
  // One LiveKit deployment is one node (lib/media/livekit/driver.ts): its key speaks for it.
  return { node, apiKey, apiSecret, token };
}

export async function receiveLivekitWebhook(
  { apiKey, apiSecret, token }: LivekitWebhookAuth,
  body: string,
  now: Date = new Date(),
): Promise<WebhookEvent> {
  const sdk = await import("livekit-server-sdk");
  let sha256: unknown;
  try {
    ({ sha256 } = await new sdk.TokenVerifier(apiKey, apiSecret).verify(token, LEEWAY_SEC));
  } catch (err) {
    throw refuse(err instanceof Error ? err.message : "invalid signature");
  }
  const digest = createHash("sha256").update(body).digest("base64");
  if (typeof sha256 !== "string" || sha256 !== digest) throw refuse("the body's sha256 does not match");
  // Verified above, so the claims are LiveKit's own.
  const { nbf } = decodeJwt(token);
  const age = Math.floor(now.getTime() / 1000) - (nbf ?? 0);
  if (nbf === undefined || age > LIVEKIT_WEBHOOK_WINDOW_SEC + LEEWAY_SEC) {
    throw refuse(`signed more than ${LIVEKIT_WEBHOOK_WINDOW_SEC} s ago`);
  }
  try {
    return sdk.WebhookEvent.fromJson(JSON.parse(body), { ignoreUnknownFields: true });
  } catch {
    // Signed and hashed right, yet not a WebhookEvent: a 4xx of its own, never a 500.
    throw validationError([{ path: "", message: "the body is not LiveKit's WebhookEvent JSON" }]);
  }
}
