import type { ReactNode } from "react";

/** The signed-out pages' frame (sign-in, sign-up, invitations, password reset): brand, title, lede. */
export function AuthCard({
  title,
  lede,
  foot,
  children,
}: {
  title: string;
  lede?: ReactNode;
  /** A line under the card. */
  foot?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="auth-wrap">
      <div>
        <div className="card auth-card">
          <div className="brand" style={{ padding: 0 }}>
            <span className="brand-mark" aria-hidden /> SVC <span className="brand-sub">Console</span>
          </div>
          <h1>{title}</h1>
          {lede ? <p className="lede">{lede}</p> : null}
          {children}
        </div>
        {foot ? <p className="auth-foot">{foot}</p> : null}
      </div>
    </main>
  );
}
