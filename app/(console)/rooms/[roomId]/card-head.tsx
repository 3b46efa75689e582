import type { ReactNode } from "react";

/** A card's head with its icon: the heading (`id` labels the card) and what the card is for. */
export function CardHead({
  icon,
  id,
  title,
  children,
}: {
  icon: ReactNode;
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="card-head">
      <span className="card-icon" aria-hidden>
        {icon}
      </span>
      <div>
        <h2 id={id}>{title}</h2>
        <p className="muted">{children}</p>
      </div>
    </div>
  );
}
