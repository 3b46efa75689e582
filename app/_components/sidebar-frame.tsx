"use client";

import { usePathname } from "next/navigation";
import { type ReactNode, useEffect, useState } from "react";

/**
 * The sidebar's frame. On a desktop it is a column; on a phone the top part (brand, org, role) is a
 * bar and the rest (project switcher, navigation, account) opens below it from a menu button, and
 * closes again on navigation or Escape.
 */
export function SidebarFrame({
  top,
  icons,
  children,
}: {
  top: ReactNode;
  /** The menu button's icons, drawn by the server so no icon code ships with every page. */
  icons: { open: ReactNode; close: ReactNode };
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <aside className="sidebar" data-open={open ? "true" : "false"}>
      <div className="sidebar-top">
        {top}
        <button
          type="button"
          className="icon-btn menu-button"
          aria-expanded={open}
          aria-controls="sidebar-body"
          aria-label={open ? "Close menu" : "Open menu"}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? icons.close : icons.open}
        </button>
      </div>
      <div className="sidebar-body" id="sidebar-body">
        {children}
      </div>
    </aside>
  );
}
