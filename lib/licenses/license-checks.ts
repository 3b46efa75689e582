import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { checkLicense, type FetchLike } from "@/lib/licenses/check-license";
import { log } from "@/lib/log/logger";

/**
 * The periodic licence check of a self-hosted instance: every SVC_LICENSE_CHECK_SECONDS, one check
 * at a time (a slow issuer never stacks them). The timer is unref'd: it never holds a process open.
 */
const g = globalThis as typeof globalThis & {
  __svcLicenseTimer?: NodeJS.Timeout;
  __svcLicenseRunning?: Promise<void>;
};

export function startLicenseChecks(db: Db, fetchImpl?: FetchLike): void {
  if (env.SVC_DEPLOYMENT_MODE !== "self_host" || g.__svcLicenseTimer) return;
  const run = () => {
    g.__svcLicenseRunning ??= checkLicense(db, new Date(), fetchImpl)
      .then(() => undefined)
      .catch((err: unknown) => log.warn("licence check failed; the last outcome stands", { err }))
      .finally(() => {
        g.__svcLicenseRunning = undefined;
      });
  };
  run();
  g.__svcLicenseTimer = setInterval(run, env.SVC_LICENSE_CHECK_SECONDS * 1000);
  g.__svcLicenseTimer.unref();
}

/** Shutdown and tests: no new check starts; the one running finishes. */
export async function stopLicenseChecks(): Promise<void> {
  clearInterval(g.__svcLicenseTimer);
  g.__svcLicenseTimer = undefined;
  await g.__svcLicenseRunning;
}
