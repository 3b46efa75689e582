import { hash, timingSafeEqual } from "node:crypto";

/**
 * Constant-time string equality (lengths are compared via fixed-size digests, so they leak
 * nothing). A module of its own, importing nothing of the service: the media drivers' registry is
 * read by the env module at start-up and must not import it back (lib/media/driver-registry.ts).
 */
export function safeEqual(a: string, b: string): boolean {
  const da = hash("sha256", a, "buffer");
  const db = hash("sha256", b, "buffer");
  return timingSafeEqual(da, db);
}
