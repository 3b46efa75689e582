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

/** Lifetimes the panel offers (seconds), all within endpoint 14's 60 to 86400. */
export const TEST_TOKEN_TTLS = [
  { value: 300, label: "5 minutes" },
  { value: 3_600, label: "1 hour" },
  { value: 21_600, label: "6 hours" },
  { value: 86_400, label: "24 hours" },
] as const;
