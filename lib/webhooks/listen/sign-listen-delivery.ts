import { nowEpochMs, rfc3339Nano, signStandardWebhook, signWebhook } from "@/lib/webhooks/sign";
import { standardKeyBytes } from "@/lib/webhooks/signing-secret";

/**
 * The headers a real delivery carries (docs/decisions/0940), signed with the listen session's
 * secret: docs/spec/service-spec.md's seven `X-SVC-Webhook-*` headers (key id `v1`, attempt 1: a forward is never
 * retried) and Standard Webhooks' three. A receiver verifies a forwarded event exactly as it
 * verifies a real one, with the secret `svc listen` prints.
 */
export function signListenDelivery(
  secret: string,
  webhookId: string,
  type: string,
  body: string,
  epochMs: number = nowEpochMs(),
): Record<string, string> {
  const ts = rfc3339Nano(epochMs);
  const unixSeconds = Math.floor(epochMs / 1000);
  return {
    "content-type": "application/json",
    "user-agent": "SVC-Webhooks/1 (svc listen)",
    "x-svc-webhook-id": webhookId,
    "x-svc-webhook-type": type,
    "x-svc-webhook-ts": ts,
    "x-svc-webhook-sig": signWebhook(secret, ts, body),
    "x-svc-webhook-kid": "v1",
    "x-svc-webhook-attempt": "1",
    "webhook-id": webhookId,
    "webhook-timestamp": String(unixSeconds),
    "webhook-signature": signStandardWebhook(standardKeyBytes(secret), webhookId, unixSeconds, body),
  };
}

/**
 * The body a real delivery of this event carries (docs/spec/product-decisions.md §6's envelope, keys in its order),
 * with `id` set to this forward's own `evt_` id, as each endpoint's delivery has its own.
 */
export function listenDeliveryBody(payload: unknown, webhookId: string): string {
  const p = (typeof payload === "object" && payload !== null ? payload : {}) as Record<string, unknown>;
  return JSON.stringify({
    id: webhookId,
    type: p.type,
    created_at: p.created_at,
    org_id: p.org_id,
    project_id: p.project_id ?? null,
    ...(p.test === true ? { test: true } : {}),
    data: p.data,
  });
}
