import { safeEqual } from "@/lib/crypto/secret-box";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";

/**
 * Janus's event handler authenticates only with HTTP basic (`backend_user` / `backend_pwd`): the
 * password must be JANUS_EVENTS_SECRET, compared in constant time; the user name is not a secret and
 * is not checked. Nothing is accepted unless the Janus media plane is configured.
 */
export function authenticateJanusEvents(req: Request): void {
  const expected = env.SVC_MEDIA_PLANE === "janus" ? env.JANUS_EVENTS_SECRET : undefined;
  if (!expected) {
    throw new ApiError("unauthenticated", "The Janus event endpoint is off: SVC_MEDIA_PLANE is not janus.");
  }
  const encoded = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(req.headers.get("authorization")?.trim() ?? "")?.[1];
  const decoded = encoded ? Buffer.from(encoded, "base64").toString("utf8") : "";
  const colon = decoded.indexOf(":");
  const password = colon >= 0 ? decoded.slice(colon + 1) : "";
  // Compared even when absent, so a missing header and a wrong password take the same path.
  if (!safeEqual(password, expected) || colon < 0) {
    throw new ApiError("unauthenticated", "Send JANUS_EVENTS_SECRET as the HTTP basic password.", {
      headers: { "www-authenticate": 'Basic realm="svc-media-events"' },
    });
  }
}
