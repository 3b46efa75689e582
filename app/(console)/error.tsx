"use client";

import { IconAlert, IconRefresh } from "@/app/_components/icons";

/** A console page failed to load: say so, offer a retry, keep the shell usable. */
export default function ConsoleError({
  error,
  reset,
  retry,
}: {
  error: Error & { digest?: string };
  reset: () => void;
  retry?: () => void;
}) {
  return (
    <div className="error-state" role="alert">
      <IconAlert />
      <div style={{ flex: 1 }}>
        <h2 style={{ margin: "0 0 4px" }}>This page could not be loaded</h2>
        <p className="muted">
          Something went wrong on our side. Try again; if it keeps happening, share this reference with
          support: <span className="mono">{error.digest ?? "n/a"}</span>
        </p>
        <div style={{ marginTop: 14 }}>
          <button type="button" className="btn secondary sm" onClick={() => (retry ?? reset)()}>
            <IconRefresh /> Try again
          </button>
        </div>
      </div>
    </div>
  );
}
