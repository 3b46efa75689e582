import { OPERATIONS } from "@/lib/openapi/registry";
import type { RouteContract } from "@/lib/routes/contract";
import * as rooms from "./v1/workspace/rooms/contract";
import * as webhook from "./v1/workspace/webhooks/[id]/contract";
import * as redeliver from "./v1/workspace/webhooks/[id]/deliveries/[deliveryId]/redeliver/contract";
import * as deliveries from "./v1/workspace/webhooks/[id]/deliveries/contract";
import * as recover from "./v1/workspace/webhooks/[id]/recover/contract";
import * as rotateSecret from "./v1/workspace/webhooks/[id]/rotate-secret/contract";
import * as sendTest from "./v1/workspace/webhooks/[id]/test/contract";
import * as webhooks from "./v1/workspace/webhooks/contract";

/**
 * Every route's contract, collected from the `contract.ts` files beside the handlers: the OpenAPI
 * document, the console's API reference and the tests read this list. tests/openapi.test.ts fails
 * when a route handler was not built from the contract listed here for its method and path.
 */
export const ROUTE_CONTRACTS: readonly RouteContract[] = [
  ...OPERATIONS,
  ...[rooms, webhooks, webhook, deliveries, redeliver, recover, rotateSecret, sendTest].flatMap((m) =>
    Object.values(m),
  ),
];

/** The events receivers get: the document's top-level `webhooks`. */
export { EVENT_TYPES as WEBHOOK_EVENTS } from "@/lib/events/event-types";

/** Routes outside the API document, each with the reason. */
export { UNDOCUMENTED_ROUTES } from "@/lib/openapi/registry";
