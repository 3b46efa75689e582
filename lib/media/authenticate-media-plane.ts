import { safeEqual } from "@/lib/crypto/secret-box";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";

/**
 * The media plane's ingest credential: `Authorization: Bearer <SVC_MEDIA_INGEST_SECRET>`, compared
 * in constant time. Without a configured secret the ingest accepts nobody.
 */
export function authenticateMediaPlane(req: Request): void {
  const expected = env.SVC_MEDIA_INGEST_SECRET;
  if (!expected) {
    throw new ApiError(
      "unauthenticated",
      "The media ingest is disabled: SVC_MEDIA_INGEST_SECRET is not set.",
    );
  }
  const presented = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization")?.trim() ?? "")?.[1];
  if (!presented || !safeEqual(presented, expected)) {
    throw new ApiError("unauthenticated", "Send the media ingest secret as a Bearer token.");
  }
}
