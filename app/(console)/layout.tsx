import Link from "next/link";
import type { ReactNode } from "react";
import { NavLinks } from "@/app/_components/nav-links";
import { SignOutButton } from "@/app/_components/sign-out-button";
import { ToastProvider } from "@/app/_components/toast";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { env } from "@/lib/env";

export const dynamic = "force-dynamic";

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

/** The signed-in shell: who you are (org, role, deployment mode), where you can go, sign-out. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const member = await requireConsoleMember();
  const cloud = env.SVC_DEPLOYMENT_MODE === "cloud";
  return (
    <ToastProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="shell">
        <aside className="sidebar">
          <Link href="/projects" className="brand" aria-label="SVC Console home">
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
                <span className="badge role" data-testid="role" title="Your workspace role">
                  {member.role}
                </span>
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
          <nav className="nav" aria-label="Main">
            <div className="nav-label">Workspace</div>
            <NavLinks role={member.role} dev={env.NODE_ENV === "development"} />
          </nav>
          <div className="user-card">
            <span className="avatar" aria-hidden>
              {initials(member.displayName)}
            </span>
            <div className="user-meta">
              <div data-testid="user-name">{member.displayName}</div>
              <div className="muted">{member.email}</div>
            </div>
            <SignOutButton />
          </div>
        </aside>
        <main className="main" id="main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </ToastProvider>
  );
}
