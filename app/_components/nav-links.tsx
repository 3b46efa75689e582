"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ComponentType, SVGProps } from "react";
import { IconFolder, IconMail, IconRecord, IconVideo, IconWebhook } from "@/app/_components/icons";
import { can, type Permission, type Role } from "@/lib/auth/roles";

interface NavLink {
  href: string;
  label: string;
  /** An icon from app/_components/icons.tsx. */
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Shown only to roles holding this permission. */
  permission?: Permission;
  /** Shown only in development (e.g. the local mailbox). */
  devOnly?: boolean;
}

/** The console's navigation: add a page's link here. */
const LINKS: NavLink[] = [
  { href: "/projects", label: "Projects", icon: IconFolder },
  { href: "/rooms", label: "Rooms", icon: IconVideo },
  { href: "/recordings", label: "Recordings", icon: IconRecord },
  { href: "/webhooks", label: "Webhooks", icon: IconWebhook, permission: "webhooks:read" },
  { href: "/mailbox", label: "Mailbox", icon: IconMail, permission: "mailbox:read" },
];

export function NavLinks({ role, dev }: { role: Role; dev: boolean }) {
  const pathname = usePathname();
  return LINKS.filter((l) => (!l.permission || can(role, l.permission)) && (!l.devOnly || dev)).map((l) => {
    const current = pathname === l.href || pathname.startsWith(`${l.href}/`);
    return (
      <Link key={l.href} href={l.href} aria-current={current ? "page" : undefined}>
        <l.icon />
        {l.label}
      </Link>
    );
  });
}
