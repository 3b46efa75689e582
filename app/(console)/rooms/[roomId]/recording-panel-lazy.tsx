"use client";

import { lazyComponent } from "@/app/_components/lazy-dialog";

/**
 * The Recording card, its code fetched apart from the room page's first load (issue 13's budget of
 * 150 kB gzip per page, `npm run weight`); rendered on the server like the rest of the page.
 */
export const LazyRecordingPanel = lazyComponent(() =>
  import("@/app/(console)/rooms/[roomId]/recording-panel").then((m) => m.RecordingPanel),
);
