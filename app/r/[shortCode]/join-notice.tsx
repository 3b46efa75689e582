"use client";

import { type ReactNode, useEffect, useRef } from "react";

/**
 * A join page card that says what happened instead of the lobby (the room ended, you left, the
 * link is locked, the host declined): its heading takes focus, so keyboard and screen-reader users
 * hear it, and at most one action follows.
 */
export function JoinNotice({
  testId,
  reason,
  title,
  children,
  action,
}: {
  testId: string;
  reason?: string;
  title: string;
  children: ReactNode;
  action?: { label: string; onClick: () => void; testId?: string };
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main className="auth-wrap">
      <div className="card auth-card join-card" data-testid={testId} data-state={reason} data-reason={reason}>
        <div className="brand join-brand">
          <span className="brand-mark" aria-hidden /> SVC Meet
        </div>
        <div role="status">
          <h1 ref={heading} tabIndex={-1}>
            {title}
          </h1>
          <p className="muted">{children}</p>
        </div>
        {action ? (
          <button type="button" className="btn block" onClick={action.onClick} data-testid={action.testId}>
            {action.label}
          </button>
        ) : null}
      </div>
    </main>
  );
}
