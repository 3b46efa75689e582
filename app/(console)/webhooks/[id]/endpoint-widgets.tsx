"use client";

/** The endpoint page's islands in one module, so they share one chunk (endpoint-islands.tsx; decision 1307). */
export { EndpointActions } from "@/app/(console)/webhooks/[id]/endpoint-actions";
export { RecoverButton } from "@/app/(console)/webhooks/[id]/recover-button";
export { RedeliverButton } from "@/app/(console)/webhooks/[id]/redeliver-button";
