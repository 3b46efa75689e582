import { env } from "@/lib/env";

/**
 * Which background runtime drives durable work (webhook deliveries, invitation emails).
 * Inngest when it is configured (cloud keys, or a dev/self-hosted server); otherwise the
 * embedded in-process runner. Both drive the same state machines in lib/.
 */
export type BackgroundDriver = "inngest" | "embedded";

export function backgroundDriver(): BackgroundDriver {
  const cloud = env.INNGEST_EVENT_KEY !== undefined && env.INNGEST_SIGNING_KEY !== undefined;
  const selfHosted = env.INNGEST_DEV !== undefined || env.INNGEST_BASE_URL !== undefined;
  return cloud || selfHosted ? "inngest" : "embedded";
}
