"use client";

import { type ReactNode, useRef } from "react";

/**
 * Renders a dialog only from the first time it opens. With the dialog imported through
 * `next/dynamic` (`{ ssr: false }`), its code loads then, so it is not part of the page's
 * first-load JS (issue 13: ≤ 150 kB gzip per page). Once opened it stays mounted, so closing it
 * still returns focus to the control that opened it.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const opened = useRef(false);
  if (open) opened.current = true;
  return opened.current ? children : null;
}
