"use client";

import { intentIsland } from "@/app/_components/intent-island";

/**
 * The Recording card, server-rendered, its code fetched when someone reaches for it
 * (intent-island.tsx, decision 1385), or at once while a recording runs (its clock ticks).
 */
export const LazyRecordingPanel = intentIsland(
  () => import("@/app/(console)/rooms/[roomId]/recording-panel").then((m) => m.RecordingPanel),
  { eager: (p) => p.status.current !== null && p.status.current !== undefined && !p.status.current.stopping },
);
