import Link from "next/link";
import type { ReactNode } from "react";

/**
 * The body of a 404 or an error page: what happened in plain words, and ways back. Used inside the
 * console shell and, with `standalone`, on its own for pages outside it.
 */
export function StatusPage({
  code,
  title,
  children,
  actions,
  standalone,
}: {
  code: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  standalone?: boolean;
}) {
  const body = (
    <div className="status-page" data-testid="status-page" data-status={code}>
      <p className="status-code" aria-hidden>
        {code}
      </p>
      <h1>{title}</h1>
      <div className="muted status-text">{children}</div>
      <div className="status-actions">
        {actions ?? (
          <Link className="btn" href="/">
            Back to the console
          </Link>
        )}
      </div>
    </div>
  );
  return standalone ? <main className="auth-wrap">{body}</main> : body;
}
