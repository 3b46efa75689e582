import { cookies } from "next/headers";
import Link from "next/link";
import type { ReactNode } from "react";
import {
  IconAlert,
  IconCheck,
  IconContrast,
  IconLogOut,
  IconMenu,
  IconMoon,
  IconSelector,
  IconSun,
  IconX,
} from "@/app/_components/icons";
import { LicenseBanner } from "@/app/_components/license-banner";
import { NavLinks } from "@/app/_components/nav-links";
import { PlanBanner } from "@/app/_components/plan-banner";
import {
  OrgSwitcher,
  ProjectSwitcher,
  SessionWatch,
  SignOutButton,
  ThemeToggle,
} from "@/app/_components/shell-islands";
import { SidebarFrame } from "@/app/_components/sidebar-frame";
import { ToastProvider } from "@/app/_components/toast";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { CURRENT_PROJECT_COOKIE } from "@/app/_lib/current-project";
import { planGate } from "@/app/_lib/plan-gate";
import { THEME_COOKIE } from "@/app/_lib/theme";
import { can, rolesWith } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { activeTransport } from "@/lib/email/transport";
import { env } from "@/lib/env";
import { listMembersWithRole } from "@/lib/identity/list-members-with-role";
import { licenseStatus } from "@/lib/licenses/license-status";
import { listMyOrgs } from "@/lib/members/list-my-orgs";
import { listProjects } from "@/lib/projects/list-projects";

export const dynamic = "force-dynamic";

/** The switcher lists every project; orgs with more than this are not expected. */
const SWITCHER_LIMIT = 200;

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : [parts[0]];
  return (
    letters
      .map((p) => p?.[0] ?? "")
      .join("")
      .toUpperCase() || "?"
  );
}

/**
 * The signed-in shell: who you are (org, role, deployment mode), the current project, where you
 * can go, sign-out; in cloud mode without a plan, the banner that says how to get one.
 */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const member = await requireConsoleMember();
  const db = await getDb();
  const cloud = env.SVC_DEPLOYMENT_MODE === "cloud";
  const gate = planGate(member, env.SVC_DEPLOYMENT_MODE);
  const [projects, selectors, myOrgs, license] = await Promise.all([
    listProjects(db, member.orgId, { limit: SWITCHER_LIMIT }),
    gate.required && !gate.canSelect ? listMembersWithRole(db, member.orgId, rolesWith("plan:select")) : [],
    listMyOrgs(db, member.userId, member.orgId),
    // self_host: Owners and Billing see the licence banner (issue 48); the status is in memory.
    !cloud && can(member.role, "licenses:manage") ? licenseStatus(db) : null,
  ]);
  const jar = await cookies();
  const remembered = jar.get(CURRENT_PROJECT_COOKIE)?.value;
  const localMail = env.NODE_ENV === "development" || activeTransport() === "mailbox";

  const top = (
    <>
      <Link href="/" className="brand" aria-label="SVC Console overview">
        <span className="brand-mark" aria-hidden />
        SVC <span className="brand-sub">Console</span>
      </Link>
      <div className="org-card" data-testid="who">
        <span className="avatar org" aria-hidden>
          {initials(member.orgName).slice(0, 1)}
        </span>
        <div className="org-meta">
          <div className="org-name" data-testid="org" title={member.orgName}>
            {member.orgName}
          </div>
          <div className="org-badges">
            <Link href="/role" className="badge role" data-testid="role" title="Your workspace role">
              {member.role}
            </Link>
            <span
              className="badge mode-badge"
              data-testid="mode"
              title={cloud ? "Deployment mode: cloud" : "Deployment mode: self-hosted"}
            >
              {cloud ? "Cloud" : "Self-hosted"}
            </span>
          </div>
        </div>
      </div>
      <OrgSwitcher orgs={myOrgs} currentId={member.orgId} />
    </>
  );

  return (
    <ToastProvider icons={{ ok: <IconCheck />, error: <IconAlert />, dismiss: <IconX /> }}>
      <SessionWatch />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="shell">
        <SidebarFrame top={top} icons={{ open: <IconMenu />, close: <IconX /> }}>
          <ProjectSwitcher
            projects={projects.items.map((p) => ({
              id: p.id,
              name: p.name,
              slug: p.slug,
              environment: p.environment,
            }))}
            initialId={remembered}
            chevron={<IconSelector className="switcher-chevron" />}
          />
          <nav className="nav" aria-label="Main">
            <NavLinks role={member.role} dev={localMail} cloud={cloud} />
          </nav>
          <div className="user-card">
            <span className="avatar" aria-hidden>
              {initials(member.displayName)}
            </span>
            <div className="user-meta">
              <Link href="/account" data-testid="user-name" title="Your account">
                {member.displayName}
              </Link>
              <div className="muted">{member.email}</div>
            </div>
            <ThemeToggle
              initial={jar.get(THEME_COOKIE)?.value}
              icons={{ system: <IconContrast />, light: <IconSun />, dark: <IconMoon /> }}
            />
            <SignOutButton icon={<IconLogOut />} />
          </div>
        </SidebarFrame>
        <main className="main" id="main" tabIndex={-1}>
          <PlanBanner gate={gate} selectors={selectors} />
          {license ? <LicenseBanner status={license} /> : null}
          {children}
        </main>
      </div>
    </ToastProvider>
  );
}
