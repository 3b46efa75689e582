"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

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
    </Link>
  );
}
