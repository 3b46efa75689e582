import type { ReactNode } from "react";
import { NavLinks } from "@/app/_components/nav-links";
import { SignOutButton } from "@/app/_components/sign-out-button";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { env } from "@/lib/env";

export const dynamic = "force-dynamic";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const member = await requireConsoleMember();
  return (
    <div className="shell">
      <aside className="sidebar">
        <div className="brand">
          <span className="brand-mark" aria-hidden /> SVC Console
        </div>
        <nav className="nav" aria-label="Main">
          <NavLinks />
        </nav>
        <div className="who" data-testid="who">
          <div style={{ fontWeight: 600 }}>{member.orgName}</div>
          <div className="muted">{member.displayName}</div>
          <div style={{ display: "flex", gap: 6, margin: "8px 0", flexWrap: "wrap" }}>
            <span className="badge" data-testid="role">
              {member.role}
            </span>
            <span className="badge" data-testid="mode">
              {env.SVC_DEPLOYMENT_MODE === "cloud" ? "Cloud" : "Self-hosted"}
            </span>
          </div>
          <SignOutButton />
        </div>
      </aside>
      <main className="main">{children}</main>
    </div>
  );
}
