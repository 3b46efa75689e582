import { and, desc, eq, gt, inArray, isNull, or } from "drizzle-orm";
import { deliveries, events, webhookEndpoints, webhookSigningSecrets } from "@/db/schema";
import type { Db } from "@/lib/db";
import type { DeliveryRow } from "@/lib/webhooks/delivery/delivery-row";
import {
  type SecretRow,
  type SigningKey,
  signingKeysOf,
  type UnsignableError,
} from "@/lib/webhooks/delivery/signed-request";

/** Where and how an attempt is sent: the endpoint, the event's type and the signing keys. */
export interface Target {
  url: string;
  active: boolean;
  type: string;
  rateLimit: number | null;
  disabledAt: Date | null;
  /** The active keys, newest first, or why they can never sign (the attempt then fails). */
  keys: SigningKey[] | UnsignableError;
}

/**
 * The targets of a batch of claimed deliveries in one statement (docs/decisions/0950): the
 * delivery by `deliveries_pkey`, its event by `events_pkey`, its endpoint by
 * `webhook_endpoints_pkey` and the endpoint's unexpired secrets by `webhook_signing_secrets_pkey`
 * (endpoint_id, kid). Read when the batch is claimed, so a rotation, PATCH or disable applies to
 * every attempt claimed after it commits. A delivery whose endpoint or event is gone has no entry.
 * A database error is thrown (the caller hands the claims back: not an attempt, 0941).
 */
export async function loadTargets(
  db: Db,
  rows: readonly Pick<DeliveryRow, "id" | "endpointId">[],
  now: Date = new Date(),
): Promise<Map<string, Target>> {
  const targets = new Map<string, Target>();
  if (rows.length === 0) return targets;
  const found = await db
    .select({
      deliveryId: deliveries.id,
      url: webhookEndpoints.url,
      active: webhookEndpoints.active,
      type: events.type,
      rateLimit: webhookEndpoints.rateLimit,
      disabledAt: webhookEndpoints.disabledAt,
      kid: webhookSigningSecrets.kid,
      ciphertext: webhookSigningSecrets.secretCiphertext,
      expiresAt: webhookSigningSecrets.expiresAt,
    })
    .from(deliveries)
    .innerJoin(events, eq(events.id, deliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, deliveries.endpointId))
    .leftJoin(
      webhookSigningSecrets,
      and(
        eq(webhookSigningSecrets.endpointId, webhookEndpoints.id),
        or(isNull(webhookSigningSecrets.expiresAt), gt(webhookSigningSecrets.expiresAt, now)),
      ),
    )
    .where(
      inArray(
        deliveries.id,
        rows.map((r) => r.id),
      ),
    )
    // Newest secret first, as signing wants them.
    .orderBy(desc(webhookSigningSecrets.createdAt));
  const secrets = new Map<string, SecretRow[]>();
  for (const r of found) {
    let list = secrets.get(r.deliveryId);
    if (!list) {
      list = [];
      secrets.set(r.deliveryId, list);
    }
    if (r.kid !== null && r.ciphertext !== null) {
      list.push({ kid: r.kid, ciphertext: r.ciphertext, expiresAt: r.expiresAt });
    }
  }
  // One key set per endpoint: a batch usually holds several deliveries to each endpoint.
  const keysByEndpoint = new Map<string, Target["keys"]>();
  const endpointOf = new Map(rows.map((r) => [r.id, r.endpointId]));
  for (const r of found) {
    if (targets.has(r.deliveryId)) continue;
    const endpointId = endpointOf.get(r.deliveryId) ?? "";
    let keys = keysByEndpoint.get(endpointId);
    if (!keys) {
      keys = signingKeysOf(secrets.get(r.deliveryId) ?? []);
      keysByEndpoint.set(endpointId, keys);
    }
    targets.set(r.deliveryId, {
      url: r.url,
      active: r.active,
      type: r.type,
      rateLimit: r.rateLimit,
      disabledAt: r.disabledAt,
      keys,
    });
  }
  return targets;
}
