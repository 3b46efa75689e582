import { validationError } from "@/lib/http/errors";
import { standardKeyBytes } from "@/lib/webhooks/signing-secret";

/** The request header a listen client names its own signing secret in (never logged or stored). */
export const LISTEN_SECRET_HEADER = "svc-listen-secret";

/**
 * The client's own `whsec_` secret for this stream (`svc listen` keeps one per device, so the
 * local receiver's secret survives restarts; issue 49), or undefined for a fresh one. A header,
 * not the query string, so it stays out of access logs. 24 to 64 bytes of key, in base64 as the
 * service's own secrets are; anything else is 422.
 */
export function listenSecretOf(req: Request): string | undefined {
  const value = req.headers.get(LISTEN_SECRET_HEADER)?.trim();
  if (!value) return undefined;
  const bytes = /^whsec_[A-Za-z0-9+/_-]{32,88}={0,2}$/.test(value) ? standardKeyBytes(value).length : 0;
  if (bytes < 24 || bytes > 64) {
    throw validationError([
      {
        path: LISTEN_SECRET_HEADER,
        message: "must be whsec_ followed by 24 to 64 bytes in base64 (as the service's own secrets)",
      },
    ]);
  }
  return value;
}
