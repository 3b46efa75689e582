"use client";

import Link, { useLinkStatus } from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/**
 * While the link's page loads: a mark inside the link, which the stylesheet turns into a bar
 * across the top of the window and a highlight on the link (shell.css, `:has(.nav-pending)`), and
 * "Loading…" for screen readers. Without it a slow page showed the old page and the old highlight
 * for over a second, as if the click had been lost (issue 49).
 */
function Pending() {
  const { pending } = useLinkStatus();
  return pending ? (
    <span className="nav-pending" role="status" data-testid="nav-pending">
      <span className="sr-only">Loading…</span>
    </span>
  ) : null;
}

/**
 * One navigation link, marked `aria-current` on its page and the pages under it. Only this is
 * client code: the links, icons and labels are rendered on the server (nav-links.tsx), so they
 * add nothing to any page's JavaScript.
 */
export function NavItem({ href, children }: { href: string; children: ReactNode }) {
  const pathname = usePathname();
  const current = pathname === href || (href !== "/" && pathname.startsWith(`${href}/`));
  return (
    <Link href={href} aria-current={current ? "page" : undefined}>
      {children}
      <Pending />
    </Link>
  );
}
