import { Inngest } from "inngest";
import { env } from "@/lib/env";

/**
 * The Inngest client. Its settings come from the env module (never read by the SDK from
 * process.env behind our back): Inngest Cloud with event and signing keys, or a self-hosted or
 * dev server through INNGEST_BASE_URL / INNGEST_DEV.
 */
export const inngest = new Inngest({
  id: "svc-control-plane",
  ...(env.INNGEST_EVENT_KEY ? { eventKey: env.INNGEST_EVENT_KEY } : {}),
  ...(env.INNGEST_SIGNING_KEY ? { signingKey: env.INNGEST_SIGNING_KEY } : {}),
  ...(env.INNGEST_BASE_URL ? { baseUrl: env.INNGEST_BASE_URL } : {}),
  ...(env.INNGEST_DEV !== undefined ? { isDev: env.INNGEST_DEV !== "0" && env.INNGEST_DEV !== "false" } : {}),
});
