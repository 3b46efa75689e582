"use client";

import { island } from "@/app/_components/lazy-dialog";

/** One module, one chunk for all three: as separate imports each repeated the code they share (1307). */
const widgets = () => import("@/app/(console)/webhooks/[id]/endpoint-widgets");

/**
 * The endpoint page's buttons, server-rendered as always but hydrated from their own chunk, not
 * the page's first load (≤ 150 kB gzip, docs/decisions/1101). Until the chunk arrives a button
 * shows as the server rendered it; its chunk is requested at once, with the page. The delivery log
 * around the Redeliver buttons is drawn by the server (delivery-log.tsx, decision 1385).
 */
export const EndpointActions = island(() => widgets().then((m) => m.EndpointActions));
export const RecoverButton = island(() => widgets().then((m) => m.RecoverButton));
export const RedeliverButton = island(() => widgets().then((m) => m.RedeliverButton));
