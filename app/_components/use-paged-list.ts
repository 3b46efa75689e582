"use client";

import { useState } from "react";
import { api, type Problem } from "@/app/_components/api-client";
import { useToast } from "@/app/_components/toast";

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

/**
 * The first page comes from the server component; "Load more" asks the API for the next one with
 * `next_cursor` and the same filters. Remount (change `key`) to start over after a refresh.
 */
export function usePagedList<T>(first: Page<T>, path: string, query: Record<string, string | undefined>) {
  const toast = useToast();
  const [items, setItems] = useState(first.items);
  const [cursor, setCursor] = useState(first.next_cursor);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<Problem | null>(null);

  async function loadMore() {
    if (!cursor || loading) return;
    setLoading(true);
    setError(null);
    const res = await api<Page<T>>(path, { query: { ...query, cursor } });
    setLoading(false);
    if (res.ok) {
      setItems((prev) => [...prev, ...res.data.items]);
      setCursor(res.data.next_cursor);
    } else {
      setError(res.problem);
      toast.error("Could not load more", res.problem.detail);
    }
  }

  return { items, hasMore: cursor !== null, loading, error, loadMore };
}
