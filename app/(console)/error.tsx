"use client";

import Link from "next/link";

/** A console page failed to load: say so, offer a retry and a way back, keep the shell usable. */
export default function ConsoleError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <div className="status-page" role="alert" data-testid="status-page" data-status="500">
      <p className="status-code" aria-hidden>
        500
      </p>
      <h1>This page could not be loaded</h1>
      <p className="muted status-text">
        Something went wrong on our side. Try again; if it keeps happening, share this reference with support:{" "}
        <span className="mono">{error.digest ?? "n/a"}</span>
      </p>
      <div className="status-actions">
        <button type="button" className="btn" onClick={() => reset()}>
          <RetryIcon /> Try again
        </button>
        <Link className="btn secondary" href="/">
          Back to the overview
        </Link>
      </div>
    </div>
  );
}

/**
 * IconRefresh's drawing, inline: this boundary is in every console page's first load, and importing
 * the icon module here made the bundler copy that module into a second chunk of each page.
 */
function RetryIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
    >
      <path d="M20 11a8 8 0 0 0-14.3-4.9L4 8M4 4v4h4M4 13a8 8 0 0 0 14.3 4.9L20 16M20 20v-4h-4" />
    </svg>
  );
}
