import { Inngest } from "inngest";
import { env } from "@/lib/env";
import { log } from "@/lib/log/logger";

/** The SDK's own messages go through our structured logger (and its secret scrubbing). */
function sdkLogger(level: "debug" | "info" | "warn" | "error") {
  return (...args: unknown[]) => {
    const [first, ...rest] = args;
    const msg = typeof first === "string" ? first : first instanceof Error ? first.message : "inngest";
    log[level](
      `inngest: ${msg}`,
      rest.length > 0 || typeof first !== "string" ? { detail: typeof first === "string" ? rest : args } : {},
    );
  };
}
const logger = {
  debug: sdkLogger("debug"),
  info: sdkLogger("info"),
  warn: sdkLogger("warn"),
  error: sdkLogger("error"),
};

let client: Inngest | undefined;

/**
 * The Inngest client: the Inngest backend's sender (lib/jobs/backend.ts) and what the inngest/
 * adapter builds functions on. Its settings come from the env module (never read by the SDK from
 * the environment behind our back): Inngest Cloud with event and signing keys, or a self-hosted or
 * dev server through INNGEST_BASE_URL / INNGEST_DEV. Created on first use, so it sees the settings
 * in force then (tests set them before they dispatch).
 */
export function inngestClient(): Inngest {
  client ??= createClient();
  return client;
}

function createClient(): Inngest {
  /** Previews run in their own Inngest branch environment, named after the git branch. */
  const branchEnv = env.INNGEST_ENV ?? (env.VERCEL_ENV === "preview" ? env.VERCEL_GIT_COMMIT_REF : undefined);
  return new Inngest({
    logger,
    internalLogger: logger,
    id: "svc-control-plane",
    ...(env.INNGEST_EVENT_KEY ? { eventKey: env.INNGEST_EVENT_KEY } : {}),
    ...(env.INNGEST_SIGNING_KEY ? { signingKey: env.INNGEST_SIGNING_KEY } : {}),
    ...(env.INNGEST_SIGNING_KEY_FALLBACK ? { signingKeyFallback: env.INNGEST_SIGNING_KEY_FALLBACK } : {}),
    ...(env.INNGEST_BASE_URL ? { baseUrl: env.INNGEST_BASE_URL } : {}),
    ...(branchEnv ? { env: branchEnv } : {}),
    ...(env.INNGEST_DEV !== undefined
      ? { isDev: env.INNGEST_DEV !== "0" && env.INNGEST_DEV !== "false" }
      : {}),
  });
}
