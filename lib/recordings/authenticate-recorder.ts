import { safeEqual } from "@/lib/crypto/secret-box";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";

/**
 * A recording agent's credential (docs/decisions/1082): `Authorization: Bearer
 * <SVC_RECORDER_SECRET>`, compared in constant time; its own secret, not the media ingest's or a
 * media server's. Without a configured secret the recorder endpoints accept nobody.
 */
export function authenticateRecorder(req: Request): void {
  const expected = env.SVC_RECORDER_SECRET;
  if (!expected) {
    throw new ApiError(
      "unauthenticated",
      "Recording agents are not accepted: SVC_RECORDER_SECRET is not set.",
    );
  }
  const presented = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization")?.trim() ?? "")?.[1];
  if (!presented || !safeEqual(presented, expected)) {
    throw new ApiError("unauthenticated", "Send the recording agents' secret as a Bearer token.");
  }
}
