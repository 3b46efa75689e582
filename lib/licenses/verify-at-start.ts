import { env } from "@/lib/env";
import { configuredPublicKeys, readConfiguredLicense } from "@/lib/licenses/configured-license";
import { verifyLicense } from "@/lib/licenses/license-token";
import { log } from "@/lib/log/logger";

/** A licence that cannot run the service: the start is refused with this message (no stack). */
export class LicenseError extends Error {
  override name = "LicenseError";
}

/**
 * Server start in self_host mode (docs/decisions/1277): a configured licence that is unreadable,
 * altered, signed by another issuer, not yet valid or expired refuses the start, naming the
 * setting and what to do. Without a licence the install runs as the free tier. Revocation and
 * limits are not start-up checks: the periodic check finds them (the issuer may be unreachable
 * at start, and a revoked install must still let people read and download their data).
 */
export async function verifyLicenseAtStart(now: Date = new Date()): Promise<void> {
  if (env.SVC_DEPLOYMENT_MODE !== "self_host") return;
  const configured = await readConfiguredLicense();
  if (configured.kind === "none") {
    log.info("no licence configured: running as the free tier");
    return;
  }
  const remedy =
    "Paste the key the issuer showed (console: Licences) into it, ask the issuer for a new one, or remove the setting to run as the free tier.";
  if (configured.kind === "unreadable") {
    throw new LicenseError(`${configured.source}: ${configured.message}. ${remedy}`);
  }
  const verified = await verifyLicense(configured.text, configuredPublicKeys(), now);
  if (!verified.ok)
    throw new LicenseError(`${configured.source}: the licence ${verified.message}. ${remedy}`);
  const c = verified.claims;
  log.info("licence verified", {
    license_id: c.jti,
    org_name: c.org_name,
    expires_at: new Date(c.exp * 1000).toISOString(),
    seats: c.limits.seats,
    concurrent_participants: c.limits.concurrent_participants,
  });
}
