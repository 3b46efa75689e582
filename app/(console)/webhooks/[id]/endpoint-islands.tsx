"use client";

import { island } from "@/app/_components/lazy-dialog";

/** One module, one chunk for all three: as separate imports each repeated the code they share (1307). */
const widgets = () => import("@/app/(console)/webhooks/[id]/endpoint-widgets");

/**
 * The endpoint page's actions and delivery log, server-rendered as always but hydrated from their
 * own chunks, not the page's first load (≤ 150 kB gzip, docs/decisions/1101). Until a chunk
 * arrives the part shows as the server rendered it; its chunk is requested at once, with the page.
 */
export const EndpointActions = island(() => widgets().then((m) => m.EndpointActions));
export const DeliveryLog = island(() => widgets().then((m) => m.DeliveryLog));
export const RecoverButton = island(() => widgets().then((m) => m.RecoverButton));
