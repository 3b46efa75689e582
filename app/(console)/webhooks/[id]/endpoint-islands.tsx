"use client";

import { island } from "@/app/_components/lazy-dialog";

/**
 * The endpoint page's actions and delivery log, server-rendered as always but hydrated from their
 * own chunks, not the page's first load (≤ 150 kB gzip, docs/decisions/1101). Until a chunk
 * arrives the part shows as the server rendered it; its chunk is requested at once, with the page.
 */
export const EndpointActions = island(() =>
  import("@/app/(console)/webhooks/[id]/endpoint-actions").then((m) => m.EndpointActions),
);
export const DeliveryLog = island(() =>
  import("@/app/(console)/webhooks/[id]/delivery-log").then((m) => m.DeliveryLog),
);
export const RecoverButton = island(() =>
  import("@/app/(console)/webhooks/[id]/recover-button").then((m) => m.RecoverButton),
);
