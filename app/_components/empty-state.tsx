import Link from "next/link";
import type { ReactNode } from "react";

/** The empty (or nothing-matches) state of a list: what it is, why it is empty, what to do next. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="empty" data-testid="empty-state">
      {icon ? <div className="empty-icon">{icon}</div> : null}
      <h2>{title}</h2>
      {children ? <p className="muted">{children}</p> : null}
      {action ? <div className="empty-action">{action}</div> : null}
    </div>
  );
}

/** The empty state of a page whose things belong to a project (rooms, API keys) while there is none. */
export function NoProjectYet({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <EmptyState
      icon={icon}
      title="Create a project first"
      action={
        <Link className="btn" href="/projects">
          Go to projects
        </Link>
      }
    >
      {children}
    </EmptyState>
  );
}

/**
 * A page the member's role may not read: the page's own heading stays (every page has an h1,
 * whoever opens it), then what it is for and who can (issue 49: the audit page had no heading).
 */
export function NotForYourRole({
  title,
  icon,
  children,
}: {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <div className="page-head">
        <div>
          <h1>{title}</h1>
        </div>
      </div>
      <EmptyState icon={icon} title={`${title} is not available to your role`}>
        {children}
      </EmptyState>
    </>
  );
}
