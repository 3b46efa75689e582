import type { ComponentType, SVGProps } from "react";
import {
  IconCard,
  IconClock,
  IconFolder,
  IconHome,
  IconKey,
  IconLink,
  IconLock,
  IconMail,
  IconRecord,
  IconShield,
  IconUser,
  IconUsers,
  IconVideo,
  IconWebhook,
} from "@/app/_components/icons";
import { NavItem } from "@/app/_components/nav-item";
import { can, type Permission, type Role } from "@/lib/auth/roles";

type Section = "workspace" | "organisation";

interface NavLink {
  href: string;
  label: string;
  /** An icon from app/_components/icons.tsx. */
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** The group it is listed under; "workspace" when not given. */
  section?: Section;
  /** Shown only to roles holding this permission. */
  permission?: Permission;
  /** Shown only in development (e.g. the local mailbox). */
  devOnly?: boolean;
  /** Shown only in cloud mode (e.g. plan selection). */
  cloudOnly?: boolean;
  /** A small label beside the link ("Dev"). */
  tag?: string;
}

/** The console's navigation: add a page's link here. */
const LINKS: NavLink[] = [
  { href: "/", label: "Overview", icon: IconHome },
  { href: "/projects", label: "Projects", icon: IconFolder },
  { href: "/rooms", label: "Rooms", icon: IconVideo },
  { href: "/recordings", label: "Recordings", icon: IconRecord },
  { href: "/webhooks", label: "Webhooks", icon: IconWebhook, permission: "webhooks:read" },
  { href: "/api-keys", label: "API keys", icon: IconKey, permission: "projects:read" },
  { href: "/api-reference", label: "API reference", icon: IconLink },
  {
    href: "/members",
    label: "Members",
    icon: IconUsers,
    section: "organisation",
    permission: "members:read",
  },
  {
    href: "/workspace-keys",
    label: "Workspace keys",
    icon: IconKey,
    section: "organisation",
    permission: "workspace_keys:read",
  },
  { href: "/role", label: "Your role", icon: IconShield, section: "organisation" },
  { href: "/account", label: "Account", icon: IconUser, section: "organisation" },
  { href: "/audit", label: "Audit log", icon: IconLock, section: "organisation", permission: "audit:read" },
  { href: "/plan", label: "Plan", icon: IconCard, section: "organisation", cloudOnly: true },
  { href: "/usage", label: "Usage", icon: IconClock, section: "organisation", permission: "usage:read" },
  {
    href: "/licenses",
    label: "Licences",
    icon: IconKey,
    section: "organisation",
    permission: "licenses:manage",
  },
  {
    href: "/mailbox",
    label: "Mailbox",
    icon: IconMail,
    section: "organisation",
    permission: "mailbox:read",
    devOnly: true,
    tag: "Dev",
  },
];

const SECTION_LABEL: Record<Section, string> = { workspace: "Workspace", organisation: "Organisation" };

/**
 * The links the member may use, grouped; rendered on the server (NavItem marks the current one). `dev` is true where the local mailbox stands in for real
 * email (development, or no RESEND_API_KEY): that is when the Mailbox is worth a link.
 */
export function NavLinks({ role, dev, cloud }: { role: Role; dev: boolean; cloud: boolean }) {
  const visible = LINKS.filter(
    (l) => (!l.permission || can(role, l.permission)) && (!l.devOnly || dev) && (!l.cloudOnly || cloud),
  );
  return (Object.keys(SECTION_LABEL) as Section[]).map((section) => {
    const links = visible.filter((l) => (l.section ?? "workspace") === section);
    if (links.length === 0) return null;
    return (
      <div key={section} className="nav-section">
        <div className="nav-label" aria-hidden>
          {SECTION_LABEL[section]}
        </div>
        {links.map((l) => (
          <NavItem key={l.href} href={l.href}>
            <l.icon />
            <span className="nav-text">{l.label}</span>
            {l.tag ? <span className="nav-tag">{l.tag}</span> : null}
          </NavItem>
        ))}
      </div>
    );
  });
}
