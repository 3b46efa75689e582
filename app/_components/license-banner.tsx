import Link from "next/link";
import { IconAlert } from "@/app/_components/icons";
import { licenseBannerText } from "@/app/_lib/license-banner-text";
import type { LicenseStatus } from "@/lib/licenses/license-schema";

/**
 * self_host, Owners and Billing (issue 48): the installation's licence is invalid (new rooms and
 * room tokens are refused), in its grace period, or about to expire. Nothing otherwise.
 */
export function LicenseBanner({ status }: { status: LicenseStatus }) {
  const said = licenseBannerText(status, Date.now());
  if (!said) return null;
  return (
    <section className="banner" aria-label="Licence" data-testid="license-banner" role="status">
      <span className="banner-icon" aria-hidden>
        <IconAlert />
      </span>
      <div className="banner-body">
        <strong>{said.title}</strong> <span>{said.text}</span>
      </div>
      <Link href="/licenses" className="btn secondary sm">
        Licence details
      </Link>
    </section>
  );
}
