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
          // A plain link, not next/link: the root 404 would otherwise add the client router's
          // link code to every page's first load, and a full load is the surer way out of an error.
          <a className="btn" href="/">
            Back to the console
          </a>
        )}
      </div>
    </div>
  );
  return standalone ? <main className="auth-wrap">{body}</main> : body;
}
