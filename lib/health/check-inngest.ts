import { env } from "@/lib/env";

/** Where the Inngest API lives: the self-hosted or dev server, else Inngest Cloud. */
export function inngestApiBase(): string {
  if (env.INNGEST_BASE_URL) return env.INNGEST_BASE_URL;
  if (env.INNGEST_DEV !== undefined && env.INNGEST_DEV !== "0" && env.INNGEST_DEV !== "false") {
    return /^https?:\/\//.test(env.INNGEST_DEV) ? env.INNGEST_DEV : "http://localhost:8288";
  }
  return "https://api.inngest.com";
}

/**
 * Readiness probe (only when Inngest drives background work): the Inngest API answers. Any HTTP
 * answer below 500 proves the network path and the server; auth is the SDK's business per call.
 */
export async function checkInngest(): Promise<void> {
  const res = await fetch(new URL("/health", inngestApiBase()), {
    method: "GET",
    redirect: "manual",
    signal: AbortSignal.timeout(2_500),
  });
  await res.body?.cancel();
  if (res.status >= 500) throw new Error(`Inngest answered ${res.status}`);
}
