"use client";

import Link from "next/link";
import { IconRefresh } from "@/app/_components/icons/ui";

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
          <IconRefresh /> Try again
        </button>
        <Link className="btn secondary" href="/">
          Back to the overview
        </Link>
      </div>
    </div>
  );
}
