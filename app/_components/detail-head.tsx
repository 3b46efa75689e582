import Link from "next/link";
import type { ReactNode } from "react";
import { CopyButton } from "@/app/_components/copy-button";

/**
 * The head of a detail page (a project, a room, an endpoint, an email): the breadcrumb back to its
 * list, an optional icon, the title and a line under it, and the page's actions on the right.
 */
export function DetailHead({
  parent,
  crumb,
  icon,
  title,
  sub,
  actions,
}: {
  /** The list this page belongs to: `{ href: "/rooms", label: "Rooms" }`. */
  parent: { href: string; label: string };
  /** The breadcrumb's last step (the item's name). */
  crumb: ReactNode;
  /** A decorative icon before the title (`hero` for a type icon, or any node). */
  icon?: ReactNode;
  /** The `h1` (the caller gives it its test id and classes). */
  title: ReactNode;
  sub?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href={parent.href}>{parent.label}</Link>
        <span aria-hidden>/</span>
        <span aria-current="page">{crumb}</span>
      </nav>
      <div className="page-head">
        <div className="detail-title">
          {icon}
          <div style={{ minWidth: 0 }}>
            {title}
            {sub}
          </div>
        </div>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </div>
    </>
  );
}

/** A decorative icon in the tile used before detail titles. */
export function HeroIcon({ children }: { children: ReactNode }) {
  return (
    <span className="hero-icon" aria-hidden>
      {children}
    </span>
  );
}

/** An id with a copy button (`prj_…`, `wh_…`), as shown in page heads. */
export function IdChip({ id, label, toastTitle }: { id: string; label: string; toastTitle: string }) {
  return (
    <span className="id-chip">
      <span title={id}>{id}</span>
      <CopyButton value={id} label={label} className="icon-btn" toastTitle={toastTitle} />
    </span>
  );
}
