import type { Db } from "@/lib/db";
import { checkLicense } from "@/lib/licenses/check-license";
import { currentLicenseStatus } from "@/lib/licenses/current-status";
import type { LicenseStatus } from "@/lib/licenses/license-schema";

/** The install's licence status: this process's latest check, or a check now if none ran yet. */
export async function licenseStatus(db: Db): Promise<LicenseStatus> {
  return currentLicenseStatus() ?? (await checkLicense(db));
}
