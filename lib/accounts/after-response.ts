import { after } from "next/server";
import { log } from "@/lib/log/logger";

/**
 * Work whose duration must not show in the answer's timing (no account enumeration: "same timing"
 * whether the address has an account or not). Under Next it runs after the response is sent
 * (`after`, kept alive on serverless); outside a request (tests, scripts) it runs detached.
 */
export function runAfterResponse(what: string, work: () => Promise<void>): void {
  const run = () => work().catch((err: unknown) => log.error(`${what} failed`, { err }));
  try {
    after(run);
  } catch {
    void run();
  }
}
