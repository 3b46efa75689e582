"use client";

import { lazyComponent } from "@/app/_components/lazy-dialog";

/** The Live stream card, its code fetched apart from the room page's first load (as the Recording card). */
export const LazyStreamPanel = lazyComponent(() =>
  import("@/app/(console)/rooms/[roomId]/stream-panel").then((m) => m.StreamPanel),
);
