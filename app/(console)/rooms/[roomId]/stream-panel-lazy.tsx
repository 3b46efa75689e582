"use client";

import { intentIsland } from "@/app/_components/intent-island";

/** The Live stream card, server-rendered, its code fetched when someone reaches for it (as the Recording card). */
export const LazyStreamPanel = intentIsland(() =>
  import("@/app/(console)/rooms/[roomId]/stream-panel").then((m) => m.StreamPanel),
);
