import type { z } from "zod";
import { roomTokenBody } from "@/lib/tokens/room-token-schema";

/**
 * What the room page's developer panel sends to mint a test token: the endpoint-14 fields a person
 * picks (identity, display name, role, lifetime), with endpoint 14's own rules and messages. The
 * console validates its form with it before sending. No Node imports: the browser bundles it.
 */
export const testTokenBody = roomTokenBody.pick({
  identity: true,
  displayName: true,
  role: true,
  ttlSeconds: true,
});
export type TestTokenInput = z.output<typeof testTokenBody>;

export { TEST_TOKEN_TTLS } from "@/lib/tokens/token-ttl";
