"use client";

import { IconSpinner } from "@/app/_components/icons/ui";

/** "Load more" under a paged list (`usePagedList`): nothing once the last page is in. */
export function LoadMore({
  list,
  label = "Load more",
  className = "btn secondary sm",
}: {
  list: { hasMore: boolean; loading: boolean; loadMore: () => void };
  label?: string;
  className?: string;
}) {
  if (!list.hasMore) return null;
  return (
    <button type="button" className={className} onClick={list.loadMore} disabled={list.loading}>
      {list.loading ? <IconSpinner className="spin" /> : null}
      {list.loading ? "Loading…" : label}
    </button>
  );
}
