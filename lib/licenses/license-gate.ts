import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { currentLicenseStatus } from "@/lib/licenses/current-status";

/**
 * What an invalid licence stops (docs/decisions/1277): new rooms and new room tokens (endpoint 14,
 * console test tokens, share-link guests), answered 402 `license_invalid`. Everything else keeps
 * working: reading, downloads, ending rooms, members, keys, webhooks. Reads this process's latest
 * check (no I/O: room tokens are a hot path); a renewed licence opens them again at the next check.
 */
export function requireValidLicense(): void {
  if (env.SVC_DEPLOYMENT_MODE !== "self_host") return;
  const status = currentLicenseStatus();
  if (status?.status !== "invalid") return;
  throw new ApiError(
    "license_invalid",
    `${status.detail ?? "This installation's licence is not valid."} New rooms and room tokens are refused until the licence is renewed; reading, downloads and ending rooms keep working.`,
  );
}
