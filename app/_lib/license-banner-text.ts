import type { LicenseStatus } from "@/lib/licenses/license-schema";

/** Days before expiry the banner starts warning. */
export const EXPIRY_WARNING_DAYS = 14;

/**
 * What the licence banner says to Owners and Billing (self_host, issue 48), or null when all is
 * well: the licence is invalid (new rooms and room tokens are refused), in its grace period, or
 * about to expire.
 */
export function licenseBannerText(
  status: LicenseStatus,
  now: number,
): { title: string; text: string } | null {
  const expires = status.license ? Date.parse(status.license.expires_at) : Number.NaN;
  const daysLeft = Math.ceil((expires - now) / 86_400_000);
  if (status.status === "invalid") {
    const parts = [
      "New rooms and room tokens are refused.",
      status.detail,
      "Reading, downloads and ending rooms keep working; a renewed licence opens everything again.",
    ];
    return { title: "Licence not valid.", text: parts.filter(Boolean).join(" ") };
  }
  if (status.status === "grace") {
    return {
      title: "Licence attention needed.",
      text: `The licence issuer has not answered since ${status.issuer_reached_at ?? "this licence was installed"}; the licence stays valid until ${status.grace_ends_at ?? "the grace period ends"}.`,
    };
  }
  if (status.status === "valid" && daysLeft <= EXPIRY_WARNING_DAYS) {
    return {
      title: "Licence attention needed.",
      text: `The licence expires in ${daysLeft} day${daysLeft === 1 ? "" : "s"}: ask the issuer for a new one.`,
    };
  }
  return null;
}
