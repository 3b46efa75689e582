import type { LicenseStatus } from "@/lib/licenses/license-schema";

/**
 * This process's latest licence check: written by lib/licenses/check-license.ts, read by the gate
 * on hot paths. A leaf module (the gate imports nothing heavy), on globalThis because Next may load
 * a module once for the start-up hook and again for the route handlers.
 */
const g = globalThis as typeof globalThis & { __svcLicense?: LicenseStatus };

export function currentLicenseStatus(): LicenseStatus | undefined {
  return g.__svcLicense;
}

export function setCurrentLicenseStatus(status: LicenseStatus | undefined): void {
  g.__svcLicense = status;
}
